import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { PasswordHashing } from '../../src/server/modules/accounts/auth.ts';

/**
 * scrypt at a sixteenth of better-auth's cost (N 1024, r 16): about 5 ms of CPU a hash instead of 80. The
 * integration tests sign up and log in some 850 times a run, and each of those hashed for 80 ms (decision 017).
 * Its hashes say what they are (`test-scrypt:`); any other hash, better-auth's own, is checked as better-auth
 * checks it. The sign-up timing test and the test of the stored hash keep better-auth's hashing
 * (`createTestApp(…, { passwordHashing: 'production' })`).
 */
const PREFIX = 'test-scrypt:';
const N = 1024;
const R = 16;
const KEY_LENGTH = 64;

function key(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: R, p: 1, maxmem: 128 * N * R * 2 }, (error, derived) =>
      error ? reject(error) : resolve(derived),
    ),
  );
}

export const CHEAP_PASSWORD_HASHING: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${PREFIX}${salt}:${(await key(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
    const [salt = '', stored = ''] = hash.slice(PREFIX.length).split(':');
    const derived = await key(password, salt);
    const expected = Buffer.from(stored, 'hex');
    return expected.length === derived.length && timingSafeEqual(expected, derived);
  },
};
