import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../data-dir-lock.ts';
import { probeEmbedded, probePostgres } from '../db/probe.ts';
import { tightenTree } from '../private-files.ts';
import { type CheckResult, type Context, type DoctorOptions, foreignOwner, parseJson, result, seconds } from './doctor-common.ts';
import { request, unreachable } from './doctor-http.ts';

/** The doctor's database check: PostgreSQL at DATABASE_URL, or the embedded database in DATA_DIR. */

/** Where a PostgreSQL URL points, without its password: "the database techhelp on db.example.com:5432". */
function postgresWhere(databaseUrl: string): { where: string; user: string } {
  const url = new URL(databaseUrl);
  const socket = url.searchParams.get('host');
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
  return {
    where: `the database ${database} on ${socket ?? `${url.hostname}:${url.port || 5432}`}`,
    user: decodeURIComponent(url.username) || "this machine's user",
  };
}

function postgresProblem(error: unknown, user: string, timeoutMs: number): string {
  const failure = error as { code?: string; message?: string };
  switch (failure.code) {
    case '28P01':
      return `refused the password for the user ${user}: check DATABASE_URL`;
    case '28000':
      return `refused the user ${user}: ${(failure.message ?? '').slice(0, 160)}`;
    case '3D000':
      return `does not exist: create it (sudo -u postgres createdb -O ${user} NAME)`;
    default:
      if (/timeout/i.test(failure.message ?? '')) return `did not answer within ${seconds(timeoutMs)}`;
      return unreachable(error, timeoutMs);
  }
}

export async function databaseResult(config: Config, options: Required<DoctorOptions>, context: Context): Promise<CheckResult> {
  const name = 'Database';
  if (config.databaseUrl) {
    const { where, user } = postgresWhere(config.databaseUrl);
    let probe: Awaited<ReturnType<typeof probePostgres>>;
    try {
      probe = await probePostgres(config.databaseUrl, options.timeoutMs);
    } catch (error) {
      return result(name, 'fail', `PostgreSQL (${where}) ${postgresProblem(error, user, options.timeoutMs)}.`);
    }
    context.postgresMajor = Math.floor(probe.versionNumber / 10_000);
    // "15.20 (Debian 15.20-0+deb12u1)": the number is enough.
    const version = probe.version.split(' ')[0];
    if (!probe.listenWorks) {
      return result(
        name,
        'fail',
        `PostgreSQL ${version} (${where}) answers, but a NOTIFY did not reach a LISTEN within 5 s: sign-outs and live updates would not reach the servers (a pooler in transaction mode? docs/operations.md).`,
      );
    }
    return result(name, 'pass', `PostgreSQL ${version} (${where}) answers, and LISTEN/NOTIFY works.`);
  }

  const directory = path.join(config.dataDir, 'pglite');
  const owner = foreignOwner(config.dataDir);
  if (owner) {
    return result(
      name,
      'fail',
      `DATA_DIR ${config.dataDir} belongs to the user ${owner}: run the doctor as that user, as the server runs, or files it cannot write would be left there.`,
    );
  }
  if (!existsSync(path.join(directory, 'PG_VERSION'))) {
    return result(
      name,
      'fail',
      `There is no DATABASE_URL and no embedded database in ${config.dataDir} yet: the server creates it at its first start; start it, then run the doctor again.`,
    );
  }
  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    lock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const holder = error.owner;
    if (holder.hostname !== hostname()) {
      return result(
        name,
        'fail',
        `The embedded database in ${config.dataDir} is held by a server on ${holder.hostname}: run the doctor there.`,
      );
    }
    // The running server holds it alone, as it must: its own health check reads the database for us.
    const local = `http://${['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}/healthz`;
    try {
      const answer = await request(local, {}, options, context);
      if (answer.status === 200 && parseJson(answer.body).status === 'ok') {
        return result(
          name,
          'pass',
          `The embedded database is in use by the running server (pid ${holder.pid}), the one process that may open it; that server answers ${local} with its database up, and LISTEN runs inside it.`,
        );
      }
      return result(
        name,
        'fail',
        `The embedded database is held by the server process ${holder.pid}, whose ${local} answers ${answer.status}: see its log (journalctl -u techhelp).`,
      );
    } catch (failure) {
      return result(
        name,
        'fail',
        `The embedded database is held by the server process ${holder.pid}, but ${local} ${unreachable(failure, options.timeoutMs)}; is HOST or PORT different for the doctor than for the server?`,
      );
    }
  }
  try {
    const probe = await probeEmbedded(directory, options.timeoutMs);
    if (!probe.listenWorks) {
      return result(
        name,
        'fail',
        `The embedded database in ${config.dataDir} answers, but a NOTIFY did not reach its own LISTEN within 5 s.`,
      );
    }
    const advice = config.isProduction ? ' (docs/operations.md advises PostgreSQL in production)' : '';
    return result(
      name,
      'pass',
      `The embedded database (PostgreSQL ${probe.version} in ${config.dataDir}) answers and LISTEN/NOTIFY works; no server holds it now${advice}.`,
    );
  } catch (error) {
    return result(name, 'fail', `The embedded database in ${config.dataDir} could not be opened: ${(error as Error).message}.`);
  } finally {
    // PGlite gives the files it writes modes of its own: the owner's only, as the server leaves them.
    tightenTree(config.dataDir);
    lock.release();
  }
}
