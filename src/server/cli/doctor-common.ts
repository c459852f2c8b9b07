import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What every check of `npm run doctor` shares (doctor-checks.ts runs them): a result, the options, and small helpers. */

export type Outcome = 'pass' | 'warn' | 'fail' | 'skip';
export type CheckResult = { check: string; outcome: Outcome; sentence: string };

export const MARKS: Record<Outcome, string> = { pass: '✓', warn: '!', fail: '✗', skip: '–' };

export type DoctorOptions = {
  /** This machine's clock, in milliseconds (the tests set it off). */
  now?: () => number;
  /** The bytes free for this user on the file system holding a folder (the tests make it small). */
  freeBytes?: (folder: string) => Promise<number>;
  /** How long each service may take to answer. */
  timeoutMs?: number;
};

/** What the checks learn for the later ones: outside clocks read on the way, and PostgreSQL's version. */
export type Context = { readings: Array<{ source: string; rank: number; offsetMs: number }>; postgresMajor: number | undefined };

export const result = (check: string, outcome: Outcome, sentence: string): CheckResult => ({ check, outcome, sentence });

/** An address as it may be printed: scheme, host and path, never a user, password, query or fragment. */
export function shown(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'an address that is not a URL';
  }
}

export const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

export function parseJson(body: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The user name of a uid, from /etc/passwd, or "uid N". */
function userName(uid: number): string {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((entry) => entry.split(':')[2] === String(uid));
    if (line) return line.split(':')[0] ?? `uid ${uid}`;
  } catch {
    // No /etc/passwd to read.
  }
  return `uid ${uid}`;
}

/** A folder that exists and belongs to another user than this process's: its owner's name. */
export function foreignOwner(folder: string): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined || !existsSync(folder)) return undefined;
  const owner = statSync(folder).uid;
  return owner === uid ? undefined : userName(owner);
}

/** The folder itself, or the nearest folder above it that exists. */
export function nearestExisting(folder: string): string {
  let current = path.resolve(folder);
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}
