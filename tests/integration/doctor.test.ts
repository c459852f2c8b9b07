import { chownSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckResult, type DoctorOptions, hideSecrets, report, runDoctor, secretsOf } from '../../src/server/cli/doctor-checks.ts';
import { loadConfig } from '../../src/server/config.ts';
import { temporaryDirectory } from '../support/config.ts';
import { startDoctorStandIns, startHealthServer } from '../support/doctor-stand-ins.ts';

/**
 * The doctor's checks in their finer cases (issue 42), run in this process against the stand-ins, with this
 * machine's clock and free disk space given by the test. The built command, end to end: tests/process/doctor.test.ts.
 */

let standIns: Awaited<ReturnType<typeof startDoctorStandIns>>;
let plainHealth: Awaited<ReturnType<typeof startHealthServer>>;

beforeAll(async () => {
  standIns = await startDoctorStandIns({ https: false });
  plainHealth = await startHealthServer({ https: false });
});
afterAll(async () => {
  await Promise.all([standIns.close(), plainHealth.close()]);
});

/** The doctor's results on the stand-ins' production settings, changed by `env`. */
async function doctor(env: Record<string, string> = {}, options: DoctorOptions = {}): Promise<CheckResult[]> {
  const config = loadConfig({ ...standIns.env, DATA_DIR: temporaryDirectory(), ...env });
  return runDoctor(config, { timeoutMs: 3_000, ...options });
}

/** The results of one check, as "mark sentence" lines. */
const of = (results: CheckResult[], check: string) =>
  results.filter((entry) => entry.check === check).map((entry) => `${entry.outcome}: ${entry.sentence}`);

/**
 * Folders of another user than this test's: made and given to nobody when the tests run as root (as CI does), else
 * root's own (the root folder and /usr).
 */
function foreignFolders(): { dataDir: string; backupDir: string; owner: string } {
  if (process.getuid?.() !== 0) return { dataDir: '/', backupDir: '/usr', owner: 'root' };
  const dataDir = temporaryDirectory();
  const backupDir = path.join(dataDir, 'backups');
  mkdirSync(backupDir);
  chownSync(dataDir, 65534, 65534);
  chownSync(backupDir, 65534, 65534);
  return { dataDir, backupDir, owner: 'nobody' };
}

describe("the doctor's checks", () => {
  it("reads Twilio's account and numbers: a suspended account, a number not its own, one that cannot text, a wrong webhook", async () => {
    const from = standIns.env.TWILIO_FROM ?? '';
    const number = standIns.twilio.incomingNumbers[0];
    if (!number) throw new Error('the stand-in has no number');
    const inbound = `${standIns.health.url}/api/texts/inbound`;

    standIns.twilio.account.status = 'suspended';
    expect(of(await doctor(), 'Texts')).toEqual(['fail: The Twilio account is suspended: texts cannot be sent until it is active again.']);
    standIns.twilio.account.status = 'active';

    expect(of(await doctor({ TWILIO_FROM: '+16319990000' }), 'Texts')).toEqual([
      'fail: TWILIO_FROM +16319990000 is not a number of this Twilio account: every text would be refused.',
    ]);

    number.capabilities.sms = false;
    expect(of(await doctor(), 'Texts')).toEqual([`fail: ${from} cannot send texts: Twilio gives it no SMS capability.`]);
    number.capabilities.sms = true;

    number.sms_url = 'https://demo.twilio.com/welcome/sms/reply';
    expect(of(await doctor(), 'Texts')).toEqual([
      `fail: ${from}'s "A message comes in" webhook is https://demo.twilio.com/welcome/sms/reply (POST), not ${inbound} (HTTP POST): replies such as STOP would not reach TechHelp; set it in the Twilio console.`,
    ]);
    number.sms_url = inbound;

    // Reminder calls from a number of the account that has no voice.
    standIns.twilio.incomingNumbers.push({
      ...number,
      phone_number: '+16312040000',
      capabilities: { sms: true, voice: false, mms: false },
    });
    try {
      expect(of(await doctor({ REMINDER_CALLS: 'true', TWILIO_VOICE_FROM: '+16312040000' }), 'Texts')).toEqual([
        'fail: +16312040000, the number reminder calls come from, cannot make calls.',
      ]);
      expect(of(await doctor({ REMINDER_CALLS: 'true' }), 'Texts')).toEqual([
        `pass: The Twilio account is active; ${from} is its number, can text and sends replies to ${inbound}, and reminder calls come from ${from}, which can call.`,
      ]);
    } finally {
      standIns.twilio.incomingNumbers.pop();
    }
  });

  it("warns about PayPal's sandbox, and says when PayPal cannot be reached", async () => {
    const sandbox = await doctor({ NODE_ENV: 'production', PAYPAL_ENV: 'sandbox', PAYMENTS_TEST_MODE: 'true' });
    expect(of(sandbox, 'PayPal')).toEqual([
      "warn: PayPal's sandbox accepted the credentials and gave a token, but the sandbox moves no money: set PAYPAL_ENV=live with the live app's credentials to take real payments.",
    ]);
    const away = await doctor({ PAYPAL_API_URL: 'http://nowhere.invalid' });
    expect(of(away, 'PayPal')).toEqual([
      'fail: PayPal (live) at http://nowhere.invalid has a name that does not resolve (is its DNS record there yet?).',
    ]);
  });

  it('tells a proxy without its server, a redirect and plain http apart at PUBLIC_URL', async () => {
    const url = plainHealth.url;
    plainHealth.answer.status = 502;
    plainHealth.answer.body = '';
    expect(of(await doctor({ PUBLIC_URL: url }), 'Public address')[0]).toBe(
      `fail: ${url}/healthz answers 502 from the proxy: the server is not running, or not where the proxy sends requests (127.0.0.1:3000 in deploy/Caddyfile); and PUBLIC_URL must be the https address customers use (Caddy provides it).`,
    );
    plainHealth.answer.status = 308;
    plainHealth.answer.headers = { location: 'https://www.help.example.com/healthz' };
    expect(of(await doctor({ PUBLIC_URL: url }), 'Public address')[0]).toBe(
      `fail: ${url}/healthz answers 308, a redirect to https://www.help.example.com/healthz: set PUBLIC_URL to the address customers end up at.`,
    );
    plainHealth.answer.status = 200;
    plainHealth.answer.headers = {};
    plainHealth.answer.body = { status: 'ok', database: 'ok' };
    expect(of(await doctor({ PUBLIC_URL: url }), 'Public address')[0]).toBe(
      `fail: ${url} answers /healthz, but over http: customers' passwords and session cookies would cross the internet unencrypted; PUBLIC_URL must be the https address (Caddy provides it).`,
    );
  });

  it('warns under 1 GB free on the disk of the data or the backups', async () => {
    const dataDir = temporaryDirectory();
    const low = await doctor({ DATA_DIR: dataDir }, { freeBytes: async () => 700 * 1024 ** 2 });
    expect(of(low, 'Disk space')).toEqual([
      `warn: Only 700 MB free on the disk holding ${dataDir}: under 1 GB, the database and its backups may soon fill it.`,
    ]);
    const plenty = await doctor({ DATA_DIR: dataDir }, { freeBytes: async () => 12.34 * 1024 ** 3 });
    expect(of(plenty, 'Disk space')).toEqual([`pass: 12.3 GB free on the disk holding ${dataDir}.`]);
  });

  it("compares this machine's clock with PayPal's first, and fails it when it is behind", async () => {
    const behind = await doctor({}, { now: () => Date.now() - 95_000 });
    expect(of(behind, 'Clock')).toEqual([
      "fail: This machine's clock is 1 min 35 s behind the clock of PayPal: sessions, one-time links and reminders run on it; turn time sync on (timedatectl set-ntp true).",
    ]);
    const close = await doctor({}, { now: () => Date.now() + 10_000 });
    expect(of(close, 'Clock')[0]).toMatch(/^pass: This machine's clock agrees with the clock of PayPal \(within (9|10|11) s\)\.$/);
  });

  it("refuses to leave files of its own in the server's folders, and says when BACKUP_DIR cannot be made", async () => {
    // Run as root, the doctor would otherwise leave root's files where the server's user must write.
    const { dataDir, backupDir, owner } = foreignFolders();
    const foreign = await doctor({ DATA_DIR: dataDir, BACKUP_DIR: backupDir });
    expect(of(foreign, 'Database')).toEqual([
      `fail: DATA_DIR ${dataDir} belongs to the user ${owner}: run the doctor as that user, as the server runs, or files it cannot write would be left there.`,
    ]);
    expect(of(foreign, 'Backups')).toEqual([
      `fail: ${backupDir} belongs to the user ${owner}: run the doctor as that user, as the server runs.`,
    ]);

    const file = path.join(temporaryDirectory(), 'a-file');
    writeFileSync(file, '');
    expect(of(await doctor({ BACKUP_DIR: path.join(file, 'backups') }), 'Backups')).toEqual([
      `fail: ${file}/backups cannot be made (ENOTDIR).`,
    ]);
  });

  it('prints no secret, even where a message would carry one', () => {
    const config = loadConfig({ ...standIns.env, DATA_DIR: temporaryDirectory() });
    const secrets = secretsOf(config);
    for (const secret of standIns.secrets) expect(secrets).toContain(secret);
    const leaked: CheckResult = {
      check: 'E-mail',
      outcome: 'fail',
      sentence: `${config.mail.smtpUrl} said ${standIns.secrets.join(' ')} and postgres://techhelp:p%40ss@db/techhelp`,
    };
    const { text, failed } = report([leaked], secrets);
    for (const secret of standIns.secrets) expect(text).not.toContain(secret);
    expect(text).toContain('smtp://[hidden]@127.0.0.1');
    expect(text).toContain('postgres://[hidden]@db/techhelp');
    expect(failed).toBe(1);
    expect(hideSecrets('no secret here', secrets)).toBe('no secret here');
  });
});
