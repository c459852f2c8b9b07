import { statSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { type Config, isLoopbackHost } from '../config.ts';
import { backupResults } from './doctor-backups.ts';
import { type CheckResult, type Context, type DoctorOptions, MARKS, nearestExisting, result, seconds } from './doctor-common.ts';
import { databaseResult } from './doctor-database.ts';
import { paypalResult, publicAddressResult, twilioResult } from './doctor-http.ts';
import { emailResult } from './doctor-mail.ts';

/**
 * `npm run doctor` (issue 42): whether this machine's settings work, before customers arrive and any time after,
 * each check a mark and one plain sentence. It reads the settings as the server does (config.ts), asks each service
 * what the server will ask of it, changes nothing of the server's (one test e-mail to the support address, one test
 * file through BACKUP_COMMAND), and never prints a password, token, secret or a URL's credentials.
 */

export type { CheckResult, DoctorOptions, Outcome } from './doctor-common.ts';
export { MARKS } from './doctor-common.ts';

/** Below this much free space on the data's or the backups' disk, the doctor warns. */
export const LOW_DISK_BYTES = 1024 ** 3;
/** A clock further than this from an outside one fails the check. */
export const CLOCK_TOLERANCE_MS = 30_000;
/** The example phone number the settings start with (config.ts's default, .env.example's value). */
const EXAMPLE_PHONE = '(631) 555-0142';

/** Every value of the settings that must never be printed. */
export function secretsOf(config: Config): string[] {
  const secrets = [
    config.authSecret,
    config.paypal?.clientSecret,
    config.twilio?.authToken,
    config.openai?.apiKey,
    config.google?.clientSecret,
  ];
  for (const url of [config.mail.smtpUrl, config.databaseUrl]) {
    try {
      const password = url ? new URL(url).password : '';
      if (password) secrets.push(password, decodeURIComponent(password));
    } catch {
      // Not a URL: the settings refused it before this could run.
    }
  }
  return secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4);
}

/** The text with any URL's user and password taken out, and every secret value replaced. */
export function hideSecrets(text: string, secrets: readonly string[]): string {
  let hidden = text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1[hidden]@');
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) hidden = hidden.split(secret).join('[hidden]');
  return hidden;
}

// --- The settings -----------------------------------------------------------------------------------------------

function settingsResults(config: Config): CheckResult[] {
  const name = 'Settings';
  const problems: CheckResult[] = [];
  if (!config.isProduction) {
    problems.push(
      result(
        name,
        'fail',
        `NODE_ENV is ${config.env}, not production: set NODE_ENV=production, which turns the production rules on (https, real e-mail, live PayPal, no development mailbox).`,
      ),
    );
  }
  if (config.support.phone === EXAMPLE_PHONE) {
    problems.push(
      result(name, 'fail', `SUPPORT_PHONE is still the example number ${EXAMPLE_PHONE}: set the business's own, which every page shows.`),
    );
  }
  if (/@(techhelp\.local|example\.(com|org|net))$/i.test(config.support.email)) {
    problems.push(
      result(
        name,
        'fail',
        `SUPPORT_EMAIL is still an example address (${config.support.email}): set the business's own, which every page shows.`,
      ),
    );
  }
  const loopback = isLoopbackHost(config.host);
  if (config.trustProxy === false && loopback) {
    problems.push(
      result(
        name,
        'fail',
        `HOST is ${config.host}, behind a proxy on this machine, but TRUST_PROXY is off: every customer would count as the proxy and share its sign-in limits; set TRUST_PROXY=1 behind one proxy such as Caddy.`,
      ),
    );
  }
  if (typeof config.trustProxy === 'number' && !loopback) {
    problems.push(
      result(
        name,
        'fail',
        `TRUST_PROXY=${config.trustProxy} while the server listens on ${config.host}: anyone reaching port ${config.port} directly could claim any address; set HOST=127.0.0.1 behind a proxy on this machine, or give the proxies' addresses in TRUST_PROXY.`,
      ),
    );
  }
  if (problems.length > 0) return problems;
  const proxies =
    config.trustProxy === false
      ? 'no proxy trusted (the server faces the internet itself)'
      : typeof config.trustProxy === 'number'
        ? `${config.trustProxy} ${config.trustProxy === 1 ? 'proxy' : 'proxies'} trusted in front, the server listening on ${config.host} only`
        : `the proxies at ${config.trustProxy.join(', ')} trusted`;
  return [result(name, 'pass', `production settings, the business's own phone and e-mail, and ${proxies}.`)];
}

// --- Disk space ---------------------------------------------------------------------------------------------------

const defaultFreeBytes = async (folder: string) => {
  const stats = await statfs(folder);
  return stats.bavail * stats.bsize;
};

function amount(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.floor(bytes / 1024 ** 2)} MB`;
}

async function diskResults(config: Config, options: Required<DoctorOptions>): Promise<CheckResult[]> {
  const name = 'Disk space';
  // The data's and the backups' disks, once each.
  const folders = new Map<number, string>();
  for (const folder of [config.dataDir, config.backup.dir]) {
    const existing = nearestExisting(folder);
    const device = statSync(existing).dev;
    if (!folders.has(device)) folders.set(device, existing);
  }
  const results: CheckResult[] = [];
  for (const folder of folders.values()) {
    const free = await options.freeBytes(folder);
    results.push(
      free < LOW_DISK_BYTES
        ? result(
            name,
            'warn',
            `Only ${amount(free)} free on the disk holding ${folder}: under 1 GB, the database and its backups may soon fill it.`,
          )
        : result(name, 'pass', `${amount(free)} free on the disk holding ${folder}.`),
    );
  }
  return results;
}

// --- The clock ----------------------------------------------------------------------------------------------------

function clockResult(context: Context): CheckResult {
  const name = 'Clock';
  const reading = [...context.readings].sort((a, b) => a.rank - b.rank)[0];
  if (!reading) {
    return result(
      name,
      'warn',
      'No outside clock answered (PayPal, Twilio or PUBLIC_URL), so the clock was not compared: check that time sync is on (timedatectl).',
    );
  }
  const off = Math.abs(reading.offsetMs);
  if (off <= CLOCK_TOLERANCE_MS) {
    return result(
      name,
      'pass',
      `This machine's clock agrees with the clock of ${reading.source} (within ${Math.max(1, Math.round(off / 1000))} s).`,
    );
  }
  const minutes = Math.floor(off / 60_000);
  const span = minutes > 0 ? `${minutes} min ${Math.round((off % 60_000) / 1000)} s` : seconds(off);
  return result(
    name,
    'fail',
    `This machine's clock is ${span} ${reading.offsetMs > 0 ? 'behind' : 'ahead of'} the clock of ${reading.source}: sessions, one-time links and reminders run on it; turn time sync on (timedatectl set-ntp true).`,
  );
}

// --- All of it ----------------------------------------------------------------------------------------------------

/** Runs every check, the independent ones at once; the results in the order they are printed. */
export async function runDoctor(config: Config, given: DoctorOptions = {}): Promise<CheckResult[]> {
  const options: Required<DoctorOptions> = {
    now: given.now ?? Date.now,
    freeBytes: given.freeBytes ?? defaultFreeBytes,
    timeoutMs: given.timeoutMs ?? 10_000,
  };
  const context: Context = { readings: [], postgresMajor: undefined };
  const [publicAddress, email, paypal, texts, database, disk] = await Promise.all([
    publicAddressResult(config, options, context),
    emailResult(config, options),
    paypalResult(config, options, context),
    twilioResult(config, options, context),
    databaseResult(config, options, context),
    diskResults(config, options),
  ]);
  const backups = await backupResults(config, options, context);
  return [...settingsResults(config), publicAddress, email, paypal, texts, database, ...backups, ...disk, clockResult(context)];
}

/** The report as printed: one line per result, a summary, secrets hidden; and whether any check failed. */
export function report(results: readonly CheckResult[], secrets: readonly string[]): { text: string; failed: number } {
  const failed = results.filter((entry) => entry.outcome === 'fail').length;
  const warned = results.filter((entry) => entry.outcome === 'warn').length;
  const lines = results.map((entry) => `${MARKS[entry.outcome]} ${entry.check}: ${entry.sentence}`);
  const summary =
    failed > 0
      ? `${failed} of ${results.length} checks failed (✗): fix what they say, then run npm run doctor again.`
      : `Every check passed${warned > 0 ? `; ${warned} to note (!)` : ''}.`;
  return { text: hideSecrets(`${lines.join('\n')}\n\n${summary}\n`, secrets), failed };
}
