import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'techhelp-config-'));
/** A production secret, as `openssl rand -base64 48` makes one. */
const AUTH_SECRET = 'q5pPq0x8y1D1sR0o3wQ2vVt7gZ9kL4mN6bC8aE1fH3jK5lP7rT9uW2yX4zA6cB8d';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('runs with no configuration at all: port 3000, embedded database, sandbox and built-in services', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.paypal).toBeUndefined();
    expect(config.openai).toBeUndefined();
    expect(config.google).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.maintenanceMode).toBe(false);
    expect(config.bookingWindowDays).toBe(90);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('names the variable and the problem for a bad value', () => {
    expect(problemsOf({ PORT: 'eighty' })).toEqual([
      expect.stringMatching(/^PORT: must be a whole number from 0 to 65535 \(got "eighty"\)$/),
    ]);
    expect(problemsOf({ MAINTENANCE_MODE: 'maybe' })[0]).toMatch(/^MAINTENANCE_MODE: must be true or false/);
    expect(problemsOf({ DATABASE_URL: 'mysql://localhost/x' })[0]).toMatch(/^DATABASE_URL: must be a postgres:\/\//);
    expect(problemsOf({ SMTP_URL: 'http://mail' })[0]).toMatch(/^SMTP_URL: must be an smtp:\/\//);
    expect(problemsOf({ PAYPAL_ENV: 'test' })[0]).toMatch(/^PAYPAL_ENV: must be sandbox or live/);
    expect(problemsOf({ ADMIN_EMAILS: 'owner@example.com, not-an-address' })[0]).toMatch(/^ADMIN_EMAILS\.1: must be an e-mail address/);
    expect(problemsOf({ BOOKING_WINDOW_DAYS: '0' })[0]).toMatch(/^BOOKING_WINDOW_DAYS: must be a whole number of days/);
  });

  it('asks an OpenAI-compatible server only with a key, for gpt-5-nano unless CHAT_MODEL says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), OPENAI_API_KEY: 'sk-x' }).openai).toEqual({
      apiKey: 'sk-x',
      baseUrl: undefined,
      model: 'gpt-5-nano',
    });
    expect(loadConfig({ DATA_DIR: dataDir(), OPENAI_API_KEY: 'sk-x', CHAT_MODEL: 'llama3.2' }).openai?.model).toBe('llama3.2');
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({ PORT: '-1', SUPPORT_EMAIL: 'nobody', PUBLIC_URL: 'ftp://x' });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual(['PORT', 'PUBLIC_URL', 'SUPPORT_EMAIL']);
  });

  it('never echoes a secret in its message', () => {
    const [problem] = problemsOf({ AUTH_SECRET: 'short-secret' });
    expect(problem).toMatch(/^AUTH_SECRET: must be at least 32 characters$/);
    expect(problem).not.toContain('short-secret');
  });

  it('requires both halves of a credential pair', () => {
    expect(problemsOf({ PAYPAL_CLIENT_ID: 'id' })).toEqual(['PAYPAL_CLIENT_SECRET: must be set when PAYPAL_CLIENT_ID is set']);
    expect(problemsOf({ GOOGLE_CLIENT_SECRET: 's' })).toEqual(['GOOGLE_CLIENT_ID: must be set when GOOGLE_CLIENT_SECRET is set']);
  });

  it('requires an https:// PUBLIC_URL in production, but for this machine', () => {
    const production = { NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true', MAIL_DISABLED: 'true', AUTH_SECRET };
    expect(problemsOf({ ...production, PUBLIC_URL: 'http://help.example.com' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: must be an https:\/\/ address in production/),
    ]);
    for (const url of ['https://help.example.com', 'http://localhost:3000', 'http://127.0.0.1:8080']) {
      expect(loadConfig({ DATA_DIR: dataDir(), ...production, PUBLIC_URL: url }).publicUrl, url).toBe(url);
    }
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'http://help.example.com' }).publicUrl).toBe('http://help.example.com');
  });

  it('requires PUBLIC_URL in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true', MAIL_DISABLED: 'true', AUTH_SECRET })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: must be set in production/),
    ]);
  });

  it('refuses production without SMTP unless e-mail is switched off on purpose', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://help.example.com', PAYMENTS_TEST_MODE: 'true', AUTH_SECRET };
    expect(problemsOf(production)).toEqual([expect.stringMatching(/^SMTP_URL: must be set in production.*MAIL_DISABLED=true/)]);
    expect(loadConfig({ DATA_DIR: dataDir(), ...production, MAIL_DISABLED: 'true' }).mail.disabled).toBe(true);
    expect(problemsOf({ MAIL_DISABLED: 'true', SMTP_URL: 'smtp://localhost:25' })).toEqual([
      expect.stringMatching(/^MAIL_DISABLED: must not be true while SMTP_URL is set/),
    ]);
  });

  it('believes X-Forwarded-For only from a number of proxies or from their addresses, never from anyone', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(trust('10.0.0.5, 10.0.1.0/24,::1')).toEqual(['10.0.0.5', '10.0.1.0/24', '::1']);
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([expect.stringMatching(/^TRUST_PROXY: true would believe any X-Forwarded-For/)]);
    for (const bad of ['yes', '-1', '100', 'proxy.example.com', '10.0.0.5/']) {
      expect(problemsOf({ TRUST_PROXY: bad })[0], bad).toMatch(/^TRUST_PROXY: /);
    }
  });

  it('refuses production without PayPal unless test payments are asked for on purpose', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://help.example.com',
      SMTP_URL: 'smtps://u:p@smtp.example.com:465',
      AUTH_SECRET,
    };
    expect(problemsOf(production)).toEqual([
      expect.stringMatching(/^PAYPAL_CLIENT_ID: must be set in production.*PAYMENTS_TEST_MODE=true/),
    ]);
    const accepts = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(accepts({ ...production, PAYMENTS_TEST_MODE: 'true' }).paypal).toBeUndefined();
    expect(accepts({ ...production, PAYMENTS_TEST_MODE: 'true' }).paymentsTestMode).toBe(true);
    const live = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_ENV: 'live' };
    expect(accepts({ ...production, ...live }).paypal).toMatchObject({ clientId: 'id', env: 'live' });
    expect(problemsOf({ ...production, ...live, PAYMENTS_TEST_MODE: 'true' })).toEqual([
      expect.stringMatching(/^PAYMENTS_TEST_MODE: must not be true with PAYPAL_ENV=live/),
    ]);
    // Development keeps its test mode with no configuration at all.
    expect(accepts({}).paypal).toBeUndefined();
    expect(accepts({}).paymentsTestMode).toBe(false);
  });

  it("refuses PayPal's sandbox in production (its payments are no money) unless test payments are asked for on purpose", () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://help.example.com',
      SMTP_URL: 'smtps://u:p@smtp.example.com:465',
      AUTH_SECRET,
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
    };
    for (const env of [production, { ...production, PAYPAL_ENV: 'sandbox' }]) {
      expect(problemsOf(env)).toEqual([
        expect.stringMatching(/^PAYPAL_ENV: must be live in production.*set PAYPAL_ENV=live.*PAYMENTS_TEST_MODE=true/),
      ]);
    }
    // PAYMENTS_TEST_MODE=true with sandbox keys is the way to run PayPal's sandbox in production.
    const sandbox = loadConfig({ DATA_DIR: dataDir(), ...production, PAYMENTS_TEST_MODE: 'true' });
    expect(sandbox.paypal).toMatchObject({ env: 'sandbox', apiUrl: 'https://api-m.sandbox.paypal.com' });
    expect(sandbox.paymentsTestMode).toBe(true);
    // Outside production the sandbox stays the default, with or without the flag.
    expect(loadConfig({ DATA_DIR: dataDir(), PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }).paypal?.env).toBe('sandbox');
    expect(
      loadConfig({ DATA_DIR: dataDir(), PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYMENTS_TEST_MODE: 'true' }).paypal?.env,
    ).toBe('sandbox');
  });

  it('requires AUTH_SECRET in production, saying how to make one, and never writes one of its own there', () => {
    const directory = dataDir();
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://help.example.com',
      MAIL_DISABLED: 'true',
      PAYMENTS_TEST_MODE: 'true',
    };
    expect(problemsOf({ ...production, DATA_DIR: directory })).toEqual([
      expect.stringMatching(/^AUTH_SECRET: must be set in production .*openssl rand -base64 48/),
    ]);
    expect(existsSync(path.join(directory, 'auth.secret'))).toBe(false);
    expect(loadConfig({ DATA_DIR: directory, ...production, AUTH_SECRET }).authSecret).toBe(AUTH_SECRET);
  });

  it('refuses to start in production with the calendar import let into private addresses; development may', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://help.example.com',
      MAIL_DISABLED: 'true',
      PAYMENTS_TEST_MODE: 'true',
      AUTH_SECRET,
    };
    expect(problemsOf({ ...production, CALENDAR_IMPORT_ALLOW_PRIVATE: 'true' })).toEqual([
      'CALENDAR_IMPORT_ALLOW_PRIVATE: must not be true in production (it would let a pasted calendar address reach this machine and your private network)',
    ]);
    // The message the server stops with names the variable and why.
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...production, CALENDAR_IMPORT_ALLOW_PRIVATE: '1' })).toThrow(
      /Invalid configuration:\n {2}- CALENDAR_IMPORT_ALLOW_PRIVATE: must not be true in production/,
    );
    expect(loadConfig({ DATA_DIR: dataDir(), ...production, CALENDAR_IMPORT_ALLOW_PRIVATE: 'false' }).calendarImport.allowPrivate).toBe(
      false,
    );
    expect(loadConfig({ DATA_DIR: dataDir(), ...production }).calendarImport.allowPrivate).toBe(false);
    for (const nodeEnv of ['development', 'test']) {
      const config = loadConfig({ DATA_DIR: dataDir(), NODE_ENV: nodeEnv, CALENDAR_IMPORT_ALLOW_PRIVATE: 'true' });
      expect(config.calendarImport.allowPrivate, nodeEnv).toBe(true);
    }
  });

  it('switches each real service on by configuration', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_ENV: 'live',
      OPENAI_API_KEY: 'key',
      OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      ADMIN_EMAILS: ' Owner@Example.com ,second@example.com',
      MAINTENANCE_MODE: 'true',
      PUBLIC_URL: 'https://techhelp.example.com/',
    });
    expect(config.paypal).toEqual({ clientId: 'client', clientSecret: 'secret', env: 'live', apiUrl: 'https://api-m.paypal.com' });
    expect(config.openai).toEqual({ apiKey: 'key', baseUrl: 'http://127.0.0.1:8080/v1', model: 'gpt-5-nano' });
    expect(config.google).toEqual({ clientId: 'g', clientSecret: 'gs' });
    expect(config.adminEmails).toEqual(['owner@example.com', 'second@example.com']);
    expect(config.maintenanceMode).toBe(true);
    expect(config.publicUrl).toBe('https://techhelp.example.com');
  });

  it('generates the auth secret once, keeps it under DATA_DIR readable by the owner only, and reuses it', () => {
    const directory = dataDir();
    const first = loadConfig({ DATA_DIR: directory }).authSecret;
    const second = loadConfig({ DATA_DIR: directory }).authSecret;
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    const file = path.join(directory, 'auth.secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir() }).authSecret).not.toBe(first);
  });

  it('prefers AUTH_SECRET when it is set', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: secret }).authSecret).toBe(secret);
  });
});

describe('the technician on the public pages (issue 40)', () => {
  it('takes a photo on this site or at an https:// address, and nothing else', () => {
    for (const good of ['/images/technician.jpg', '/photos/sam-rivera_2.webp', 'https://photos.example.com/sam.jpg?size=400']) {
      expect(loadConfig({ DATA_DIR: dataDir(), TECHNICIAN_PHOTO_URL: good }).technician.photoUrl, good).toBe(good);
    }
    for (const bad of [
      '//evil.example/x.jpg',
      'http://photos.example.com/sam.jpg',
      '/images/../secret',
      'javascript:alert(1)',
      'sam.jpg',
      'https://user:pw@example.com/a.jpg',
      '/a b.jpg',
    ]) {
      expect(problemsOf({ TECHNICIAN_PHOTO_URL: bad })[0], bad).toMatch(/^TECHNICIAN_PHOTO_URL: must be a path on this site/);
    }
    expect(loadConfig({ DATA_DIR: dataDir() }).technician).toEqual({ photoUrl: undefined, sinceYear: undefined, bio: { en: [], es: [] } });
  });

  it('takes the year the technician started, neither too old nor still to come', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), TECHNICIAN_SINCE_YEAR: '2004' }).technician.sinceYear).toBe(2004);
    expect(problemsOf({ TECHNICIAN_SINCE_YEAR: 'long ago' })[0]).toMatch(/^TECHNICIAN_SINCE_YEAR: must be a year such as 2004/);
    expect(problemsOf({ TECHNICIAN_SINCE_YEAR: '1900' })[0]).toMatch(/^TECHNICIAN_SINCE_YEAR: must be a year from 1950 on/);
    expect(problemsOf({ TECHNICIAN_SINCE_YEAR: String(new Date().getFullYear() + 1) })[0]).toMatch(/still to come/);
  });

  it('splits each biography into paragraphs at its line breaks, typed or written as \\n', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      TECHNICIAN_BIO: 'I grew up in Bay Shore.\\nI fix computers.\n\n  I explain everything. ',
      TECHNICIAN_BIO_ES: 'Crecí en Bay Shore.',
    });
    expect(config.technician.bio).toEqual({
      en: ['I grew up in Bay Shore.', 'I fix computers.', 'I explain everything.'],
      es: ['Crecí en Bay Shore.'],
    });
    expect(problemsOf({ TECHNICIAN_BIO: 'x'.repeat(2001) })[0]).toMatch(/^TECHNICIAN_BIO: must be at most 2000 characters/);
  });
});

describe('.env.example', () => {
  it('documents every variable the server reads, and nothing else', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const documented = [...example.matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1]);
    expect([...documented].sort()).toEqual([...ENV_VARIABLES].sort());
  });
});
