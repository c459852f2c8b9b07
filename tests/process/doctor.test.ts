import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../support/config.ts';
import { startDoctorStandIns, unusedPort } from '../support/doctor-stand-ins.ts';
import { freshDataDir, NODE_FLAGS, startServer } from '../support/server-process.ts';

/**
 * `npm run doctor` as built (dist/server/cli/doctor.js), against the stand-ins (issue 42): every check passing on a
 * machine set up as docs/deploy-debian.md says, each failing in its own words with exit code 1, the embedded
 * database checked through the server that holds it, and no secret in anything it prints. The checks' finer cases
 * are in tests/integration/doctor.test.ts, PostgreSQL's in tests/postgres/doctor.test.ts.
 */

const DOCTOR = fileURLToPath(new URL('../../dist/server/cli/doctor.js', import.meta.url));

let standIns: Awaited<ReturnType<typeof startDoctorStandIns>>;

beforeAll(async () => {
  standIns = await startDoctorStandIns({ https: true });
});
afterAll(async () => {
  await standIns.close();
});

function doctor(env: Record<string, string>, flags: string[] = []): Promise<{ code: number | null; output: string; lines: string[] }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...NODE_FLAGS, ...flags, DOCTOR], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_EXTRA_CA_CERTS: standIns.health.caFile, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output, lines: output.split('\n') }));
  });
}

/** The line of a check (the first when it has several), mark and sentence. */
const line = (lines: string[], check: string) => lines.find((entry) => entry.slice(2).startsWith(`${check}: `)) ?? `(no ${check} line)`;

function expectNoSecret(output: string, secrets: string[]) {
  for (const secret of secrets) expect(output).not.toContain(secret);
}

describe('npm run doctor', () => {
  it('passes every check on a machine set up as the deploy guide says, and prints no secret', async () => {
    const mailsBefore = standIns.smtp.received.length;
    const { code, output, lines } = await doctor({ ...standIns.env, DATA_DIR: freshDataDir() });
    expect(output).toContain('TechHelp doctor');
    expect(line(lines, 'Settings')).toBe(
      "✓ Settings: production settings, the business's own phone and e-mail, and 1 proxy trusted in front, the server listening on 127.0.0.1 only.",
    );
    expect(line(lines, 'Public address')).toBe(
      `✓ Public address: ${standIns.health.url} answers /healthz over https: the server and its database are up.`,
    );
    expect(line(lines, 'E-mail')).toMatch(
      /^✓ E-mail: The SMTP relay 127\.0\.0\.1:\d+ accepted the login and a test e-mail to help@islip-techhelp\.test: check that it arrives, and not as spam\.$/,
    );
    expect(line(lines, 'PayPal')).toBe('✓ PayPal: PayPal (live) accepted the credentials and gave an access token.');
    expect(line(lines, 'Texts')).toBe(
      `✓ Texts: The Twilio account is active; +16312047788 is its number, can text and sends replies to ${standIns.health.url}/api/texts/inbound.`,
    );
    expect(line(lines, 'Database')).toMatch(
      /^✓ Database: The embedded database \(PostgreSQL [\d.]+ in .+\) answers and LISTEN\/NOTIFY works; no server holds it now/,
    );
    expect(line(lines, 'Backups')).toMatch(
      /^✓ Backups: .+ is writable, and BACKUP_COMMAND copied a test file \(techhelp-doctor-\d{14}-[0-9a-f]{6}\.txt\) off the machine/,
    );
    // A small test machine may be short of disk: that is a warning (!), never a failure.
    expect(line(lines, 'Disk space')).toMatch(/^[✓!] Disk space: /);
    expect(line(lines, 'Clock')).toMatch(/^✓ Clock: This machine's clock agrees with the clock of PayPal \(within \d+ s\)\.$/);
    expect(lines.filter((entry) => entry.startsWith('✗'))).toEqual([]);
    expect(code).toBe(0);

    // The test e-mail went to the support address; the test file went through BACKUP_COMMAND and left BACKUP_DIR.
    expect(standIns.smtp.received.slice(mailsBefore).map((mail) => mail.to)).toEqual([['help@islip-techhelp.test']]);
    expect(readdirSync(standIns.copies).filter((name) => name.startsWith('techhelp-doctor-'))).toHaveLength(1);
    expect(readdirSync(standIns.backupDir)).toEqual([]);
    expectNoSecret(output, standIns.secrets);
  });

  it('says in plain words what fails, exits with 1, and prints no secret, not even a wrong one', async () => {
    const wrong = { smtp: 'wrong-smtp-pass-5150', paypal: 'wrong-paypal-secret-5150', twilio: 'wrong-twilio-token-5150' };
    const bin = temporaryDirectory('techhelp-bin-');
    standIns.health.answer.status = 503;
    standIns.health.answer.body = { status: 'unavailable', database: 'unreachable' };
    try {
      const { code, output, lines } = await doctor({
        ...standIns.env,
        DATA_DIR: temporaryDirectory(),
        SUPPORT_PHONE: '(631) 555-0142',
        TRUST_PROXY: 'false',
        SMTP_URL: standIns.env.SMTP_URL?.replace(/:[^:@/]+@/, `:${wrong.smtp}@`) ?? '',
        PAYPAL_CLIENT_SECRET: wrong.paypal,
        TWILIO_AUTH_TOKEN: wrong.twilio,
        BACKUP_COMMAND: `echo "cannot reach the remote: ${bin}" >&2; exit 3; true`,
      });
      expect(lines).toContain(
        "✗ Settings: SUPPORT_PHONE is still the example number (631) 555-0142: set the business's own, which every page shows.",
      );
      expect(
        line(
          lines.filter((entry) => entry.includes('TRUST_PROXY')),
          'Settings',
        ),
      ).toBe(
        '✗ Settings: HOST is 127.0.0.1, behind a proxy on this machine, but TRUST_PROXY is off: every customer would count as the proxy and share its sign-in limits; set TRUST_PROXY=1 behind one proxy such as Caddy.',
      );
      expect(line(lines, 'Public address')).toBe(
        `✗ Public address: ${standIns.health.url}/healthz answers 503: the server runs but cannot reach its database.`,
      );
      expect(line(lines, 'E-mail')).toMatch(
        /^✗ E-mail: The SMTP relay 127\.0\.0\.1:\d+ refused the login .*: check the user name and password in SMTP_URL\.$/,
      );
      expect(line(lines, 'PayPal')).toBe(
        '✗ PayPal: PayPal (live) refused the credentials (invalid_client): PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be those of the live app (developer.paypal.com, Apps & Credentials, Live).',
      );
      expect(line(lines, 'Texts')).toBe(
        '✗ Texts: Twilio refused the account SID and auth token (error 20003): copy both again from the Twilio console.',
      );
      expect(line(lines, 'Database')).toMatch(
        /^✗ Database: There is no DATABASE_URL and no embedded database in .+ yet: the server creates it at its first start/,
      );
      expect(line(lines, 'Backups')).toBe(
        `✗ Backups: ${standIns.backupDir} is writable, but BACKUP_COMMAND failed on a test file: it exited with code 3: cannot reach the remote: ${bin}.`,
      );
      expect(output).toMatch(/\n\d+ of \d+ checks failed \(✗\): fix what they say, then run npm run doctor again\.\n$/);
      expect(code).toBe(1);
      expectNoSecret(output, [...standIns.secrets, ...Object.values(wrong)]);
    } finally {
      standIns.health.answer.status = 200;
      standIns.health.answer.body = { status: 'ok', database: 'ok' };
    }
  });

  it('fails a clock that is off, says what is off on purpose, and what it cannot reach', async () => {
    standIns.health.answer.clockOffsetMs = -(7 * 60_000 + 20_000);
    try {
      const { code, lines } = await doctor({
        ...standIns.env,
        DATA_DIR: temporaryDirectory(),
        // Test payments on purpose and no texts: PUBLIC_URL's server is then the only clock to compare with.
        PAYPAL_CLIENT_ID: '',
        PAYPAL_CLIENT_SECRET: '',
        PAYPAL_ENV: '',
        PAYMENTS_TEST_MODE: 'true',
        TWILIO_ACCOUNT_SID: '',
        TWILIO_AUTH_TOKEN: '',
        TWILIO_FROM: '',
        SMTP_URL: '',
        MAIL_DISABLED: 'true',
        BACKUP_COMMAND: '',
      });
      expect(line(lines, 'Clock')).toBe(
        `✗ Clock: This machine's clock is 7 min 20 s ahead of the clock of the server at ${standIns.health.url}: sessions, one-time links and reminders run on it; turn time sync on (timedatectl set-ntp true).`,
      );
      expect(line(lines, 'PayPal')).toBe(
        '! PayPal: PayPal is not set up: payments run in test mode (PAYMENTS_TEST_MODE=true), labelled TEST, and move no money.',
      );
      expect(line(lines, 'E-mail')).toBe(
        '! E-mail: E-mail is off on purpose (MAIL_DISABLED=true): nobody can verify an address or reset a password.',
      );
      expect(line(lines, 'Texts')).toBe(
        '– Texts: Twilio is not set up (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM): customers are offered no texts.',
      );
      expect(line(lines, 'Backups')).toBe(
        `! Backups: ${standIns.backupDir} is writable, but no BACKUP_COMMAND copies backups off this machine: a lost disk would take them with it.`,
      );
      expect(code).toBe(1);
    } finally {
      standIns.health.answer.clockOffsetMs = 0;
    }

    const nobody = await unusedPort();
    const unreachable = await doctor({ ...standIns.env, DATA_DIR: temporaryDirectory(), PUBLIC_URL: `http://127.0.0.1:${nobody}` });
    expect(line(unreachable.lines, 'Public address')).toBe(
      `✗ Public address: http://127.0.0.1:${nobody} refused the connection: nothing is listening there; and PUBLIC_URL must be the https address customers use (Caddy provides it).`,
    );
  });

  it('checks the embedded database through the running server that holds it, instead of failing on its lock', async () => {
    const server = await startServer();
    try {
      const port = new URL(server.url).port;
      const { lines } = await doctor({ ...standIns.env, DATA_DIR: server.dataDir, PORT: port });
      expect(line(lines, 'Database')).toBe(
        `✓ Database: The embedded database is in use by the running server (pid ${server.child.pid}), the one process that may open it; that server answers http://127.0.0.1:${port}/healthz with its database up, and LISTEN runs inside it.`,
      );
      const nobody = await unusedPort();
      const elsewhere = await doctor({ ...standIns.env, DATA_DIR: server.dataDir, PORT: String(nobody) });
      expect(line(elsewhere.lines, 'Database')).toBe(
        `✗ Database: The embedded database is held by the server process ${server.child.pid}, but http://127.0.0.1:${nobody}/healthz refused the connection: nothing is listening there; is HOST or PORT different for the doctor than for the server?`,
      );
    } finally {
      await server.stop();
    }
  });

  it('prints the whole report when BACKUP_COMMAND moves the test file away instead of copying it', async () => {
    const moved = temporaryDirectory('techhelp-moved-');
    const { code, output, lines } = await doctor({
      ...standIns.env,
      DATA_DIR: freshDataDir(),
      BACKUP_COMMAND: `mv -t '${moved}'`,
    });
    expect(line(lines, 'Backups')).toMatch(
      /^✓ Backups: .+ is writable, and BACKUP_COMMAND copied a test file \(techhelp-doctor-\d{14}-[0-9a-f]{6}\.txt\) off the machine/,
    );
    expect(line(lines, 'Clock')).toMatch(/^✓ Clock: /);
    expect(output).toMatch(/\nEvery check passed(; \d+ to note \(!\))?\.\n$/);
    expect(output).not.toContain('could not finish');
    expect(code).toBe(0);
    expect(readdirSync(moved).filter((name) => name.startsWith('techhelp-doctor-'))).toHaveLength(1);
    expect(readdirSync(standIns.backupDir)).toEqual([]);
  });

  it("hides the settings' secrets in the message of a crash too", async () => {
    // A check that throws what it should not, its message holding every secret of the settings.
    const preload = path.join(temporaryDirectory(), 'statfs-throws.mjs');
    writeFileSync(
      preload,
      [
        "import { createRequire, syncBuiltinESMExports } from 'node:module';",
        "const promises = createRequire(import.meta.url)('node:fs/promises');",
        'const env = process.env;',
        'promises.statfs = async () => {',
        '  const said = [env.AUTH_SECRET, env.PAYPAL_CLIENT_SECRET, env.TWILIO_AUTH_TOKEN, new URL(env.SMTP_URL).password, env.OPENAI_API_KEY, env.GOOGLE_CLIENT_SECRET];',
        "  throw new Error('statfs broke: ' + said.join(' '));",
        '};',
        'syncBuiltinESMExports();',
      ].join('\n'),
    );
    const more = { openai: 'sk-crash-openai-key-5150', google: 'google-crash-secret-5150' };
    const { code, output } = await doctor(
      {
        ...standIns.env,
        DATA_DIR: temporaryDirectory(),
        OPENAI_API_KEY: more.openai,
        GOOGLE_CLIENT_ID: 'google-client-5150.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: more.google,
      },
      ['--import', preload],
    );
    expect(output).toContain('The doctor could not finish: statfs broke: [hidden] [hidden] [hidden] [hidden] [hidden] [hidden]\n');
    expectNoSecret(output, [...standIns.secrets, ...Object.values(more)]);
    expect(code).toBe(1);
  });

  it('names a setting the server would refuse, without printing the credentials in its URL', async () => {
    const { code, output } = await doctor({
      ...standIns.env,
      DATA_DIR: temporaryDirectory(),
      SMTP_URL: 'smtp+tls://relay-user:hunter2-5150@mail.example.com',
    });
    expect(output).toContain('✗ Settings: SMTP_URL: must be an smtp:// or smtps:// URL (got "smtp+tls://[hidden]@mail.example.com")');
    expect(output).toContain('The server would refuse to start with these settings: fix them, then run npm run doctor again.');
    expect(output).not.toContain('hunter2-5150');
    expect(code).toBe(1);
  });
});
