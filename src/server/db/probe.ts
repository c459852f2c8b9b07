import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { EMBEDDED_SHARED_BUFFERS } from './client.ts';

/**
 * `npm run doctor`'s look at the database (issue 42): that it answers, and that a NOTIFY reaches a LISTEN, on which
 * the kept reads, the revoked sessions and the live updates of every instance depend (decision 025). It changes
 * nothing: no migration, no table, only a channel of its own for a moment.
 */

/** What the database said of itself. */
export type DatabaseProbe = { version: string; versionNumber: number; listenWorks: boolean };

/** A channel name no instance listens on. */
const probeChannel = () => `techhelp_doctor_${randomBytes(6).toString('hex')}`;

/** Resolves true when `heard` settles within `ms`, false otherwise. */
async function within(heard: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([heard.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Connects to the PostgreSQL server `databaseUrl` names twice, as the server does (its pool, and its listening
 * connection), reads the server's version on one and sends a NOTIFY from it to a LISTEN on the other. Rejects with
 * pg's error when a connection fails (its `code` says why: 28P01 a refused password, 3D000 no such database…).
 */
export async function probePostgres(databaseUrl: string, timeoutMs = 10_000): Promise<DatabaseProbe> {
  const options = {
    connectionString: databaseUrl,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    application_name: 'techhelp-doctor',
  };
  const asking = new pg.Client(options);
  const listening = new pg.Client(options);
  asking.on('error', () => {});
  listening.on('error', () => {});
  try {
    await asking.connect();
    const { rows } = await asking.query<{ version: string; number: string }>(
      "select current_setting('server_version') as version, current_setting('server_version_num') as number",
    );
    await listening.connect();
    const channel = probeChannel();
    const heard = new Promise<void>((resolve) => {
      listening.on('notification', (message) => {
        if (message.channel === channel) resolve();
      });
    });
    await listening.query(`listen ${channel}`);
    await asking.query('select pg_notify($1, $2)', [channel, 'doctor']);
    const listenWorks = await within(heard, Math.min(timeoutMs, 5_000));
    return { version: rows[0]?.version ?? '', versionNumber: Number(rows[0]?.number ?? 0), listenWorks };
  } finally {
    await Promise.allSettled([asking.end(), listening.end()]);
  }
}

/**
 * Opens the embedded database in `directory` (DATA_DIR/pglite) as the server would, without migrating it, reads its
 * version and sends itself a NOTIFY, then closes it. The caller holds DATA_DIR's lock: only one process may open it.
 */
export async function probeEmbedded(directory: string, timeoutMs = 10_000): Promise<DatabaseProbe> {
  const client = await PGlite.create({
    dataDir: directory,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  });
  try {
    const { rows } = await client.query<{ version: string; number: string }>(
      "select current_setting('server_version') as version, current_setting('server_version_num') as number",
    );
    const channel = probeChannel();
    let heard: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const unlisten = await client.listen(channel, () => heard());
    await client.query(`notify ${channel}, 'doctor'`);
    const listenWorks = await within(arrived, Math.min(timeoutMs, 5_000));
    await unlisten();
    return { version: rows[0]?.version ?? '', versionNumber: Number(rows[0]?.number ?? 0), listenWorks };
  } finally {
    await client.close();
  }
}
