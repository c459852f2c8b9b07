import { ConfigError, loadConfig } from '../config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../data-dir-lock.ts';
import { openDatabase } from '../db/client.ts';
import { allAdminEmails, setAdminRoleByEmail } from '../modules/accounts/index.ts';
import { keepFilesPrivate, tightenTree } from '../private-files.ts';

const USAGE = `Usage:
  npm run admin -- grant EMAIL    make the account with this e-mail an admin
  npm run admin -- revoke EMAIL   make it a customer again
  npm run admin -- list           list the admins`;

/** The only way, besides ADMIN_EMAILS at verification, that an account becomes an admin. */
async function main(args: string[]): Promise<number> {
  const [command, rawEmail] = args;
  if (!command || !['grant', 'revoke', 'list'].includes(command) || (command !== 'list' && !rawEmail)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // Backups, a restored database, the lock and a generated secret: for this user only (umask 077).
  keepFilesPrivate();
  const config = loadConfig();
  // The embedded database can be opened by one process only: the server must be stopped first.
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (command === 'list') {
      const admins = await allAdminEmails(database.db);
      process.stdout.write(admins.length ? `${admins.join('\n')}\n` : 'No admins yet.\n');
      return 0;
    }
    const email = (rawEmail ?? '').trim().toLowerCase();
    if (!(await setAdminRoleByEmail(database.db, email, command === 'grant'))) {
      process.stderr.write(`No account has the e-mail address ${email}. The person must register first.\n`);
      return 1;
    }
    process.stdout.write(command === 'grant' ? `${email} is now an admin.\n` : `${email} is no longer an admin.\n`);
    if (command === 'revoke' && config.adminEmails.includes(email)) {
      // The account keeps its role revoked, but ADMIN_EMAILS would make an admin of a new account registered with the
      // address (after this one is deleted, or by Google sign-in once it is gone).
      process.stderr.write(
        `Warning: ADMIN_EMAILS still lists ${email}. Remove it there too and restart the server: while it is listed, a new account registered with this address becomes an admin.\n`,
      );
    }
    return 0;
  } finally {
    await database.close();
    // PGlite gives the files it writes modes of its own (its caches 0644), past the umask: the owner's only.
    if (!config.databaseUrl) tightenTree(config.dataDir);
    lock?.release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\nStop the server, run this command, then start the server again.\n`);
    } else if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`The command failed: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(1);
  },
);
