import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';
import { openDatabase } from './db/client.ts';
import { routeConsoleToLog } from './plugins/log-scrubbing.ts';
import { keepFilesPrivate, tightenDataFolders } from './private-files.ts';
import { startWarnings } from './start-warning.ts';

/** Starts the server: configuration, the DATA_DIR lock, the database and its migrations, then listen. */
async function main(): Promise<void> {
  // Before anything is created (DATA_DIR, the secret, the database): for this user only.
  keepFilesPrivate();
  const config = loadConfig();
  // What an older version or a copy left readable by others is closed before the database opens.
  let tightened = tightenDataFolders(config.dataDir, config.backup.dir);
  // PGlite takes no lock of its own; a PostgreSQL server guards itself.
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    // PGlite sets the modes of the files it writes itself, past the umask (its first files 0666, its caches 0644).
    tightened += tightenDataFolders(config.dataDir, config.backup.dir);
    const app = await buildApp({ config, db: database.db, listen: database.listen, dump: database.dump });
    // What a library prints to the console goes through the scrubbed log too (no token, no query values).
    routeConsoleToLog({
      error: (object, message) => app.log.error(object, message),
      warn: (object, message) => app.log.warn(object, message),
    });

    let closing = false;
    const shutdown = async (signal: NodeJS.Signals) => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal} received: closing`);
      const forced = setTimeout(() => {
        app.log.error('shutdown took longer than 10 s; exiting');
        process.exit(1);
      }, 10_000);
      forced.unref();
      try {
        await app.close();
        await database?.close();
        // What the database wrote while it ran with modes of its own (its caches 0644) is closed to others too.
        tightenDataFolders(config.dataDir, config.backup.dir);
      } finally {
        lock?.release();
      }
      process.exit(0);
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
    // `npm run backup` while the server holds the embedded database: it asks the server for a backup (decision 023).
    process.on('SIGUSR2', () => {
      if (closing) return;
      app.backups.backup('asked').catch((error: unknown) => app.log.error({ err: error }, 'the backup asked for failed'));
    });

    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://localhost:${port}`;
    app.log.info(`database: ${database.kind} (${database.location})`);
    if (tightened > 0) app.log.info(`${tightened} files and folders of DATA_DIR and the backups were made readable by this user only`);
    // The address is printed plainly too, for people reading the terminal rather than the JSON log.
    process.stdout.write(`\nTechHelp is running at ${url}\n\n`);
    for (const warning of startWarnings(config)) {
      app.log.warn(warning);
      process.stderr.write(`WARNING: ${warning}\n\n`);
    }
  } catch (error) {
    await database?.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`\n${error.message}\n\n`);
  } else {
    process.stderr.write(`\nThe server could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n\n`);
  }
  process.exit(1);
});
