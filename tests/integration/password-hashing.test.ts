import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '../../src/server/db/schema.ts';
import { login, signUp, uniqueEmail, verify } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { CHEAP_PASSWORD_HASHING } from '../support/password-hashing.ts';

const PASSWORD = 'a long enough passphrase';

async function storedHash(subject: TestApp, email: string): Promise<string> {
  const [row] = await subject.database.db
    .select({ password: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(eq(user.email, email));
  return row?.password ?? '';
}

describe('password hashing', () => {
  let production: TestApp;
  let cheap: TestApp;
  beforeAll(async () => {
    [production, cheap] = await Promise.all([createTestApp({}, { passwordHashing: 'production' }), createTestApp()]);
  });
  afterAll(() => Promise.all([production.close(), cheap.close()]));

  it("stores better-auth's scrypt hash when the app is built as production builds it", async () => {
    const email = uniqueEmail('hashing');
    expect((await signUp(production.app, email, PASSWORD)).statusCode).toBe(201);
    const hash = await storedHash(production, email);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash, password: `${PASSWORD}!` })).toBe(false);
    expect((await verify(production.app, email)).statusCode).toBe(200);
    expect((await login(production.app, email, PASSWORD)).statusCode).toBe(200);
    expect((await login(production.app, email, `${PASSWORD}!`)).statusCode).toBe(401);
  });

  it("the tests' cheaper hashing marks its hashes, refuses a wrong password, and still checks better-auth's hashes", async () => {
    const email = uniqueEmail('hashing');
    expect((await signUp(cheap.app, email, PASSWORD)).statusCode).toBe(201);
    expect(await storedHash(cheap, email)).toMatch(/^test-scrypt:[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect((await verify(cheap.app, email)).statusCode).toBe(200);
    expect((await login(cheap.app, email, PASSWORD)).statusCode).toBe(200);
    expect((await login(cheap.app, email, `${PASSWORD}!`)).statusCode).toBe(401);

    const made = await CHEAP_PASSWORD_HASHING.hash(PASSWORD);
    expect(await CHEAP_PASSWORD_HASHING.verify({ hash: made, password: PASSWORD })).toBe(true);
    expect(await CHEAP_PASSWORD_HASHING.verify({ hash: made, password: 'another passphrase' })).toBe(false);
    const elsewhere = uniqueEmail('hashing');
    expect((await signUp(production.app, elsewhere, PASSWORD)).statusCode).toBe(201);
    const real = await storedHash(production, elsewhere);
    expect(real).toMatch(/^[0-9a-f]{32}:/);
    expect(await CHEAP_PASSWORD_HASHING.verify({ hash: real, password: PASSWORD })).toBe(true);
    expect(await CHEAP_PASSWORD_HASHING.verify({ hash: real, password: 'another passphrase' })).toBe(false);
  });
});
