import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { pgDumpFound, runBackupCommand } from '../modules/backups/index.ts';
import { type CheckResult, type Context, type DoctorOptions, foreignOwner, nearestExisting, result } from './doctor-common.ts';

/** The doctor's backup checks: BACKUP_DIR writable, a test file through BACKUP_COMMAND, and pg_dump on PostgreSQL. */

/** Makes BACKUP_DIR as the server would (0700), unless that would leave a folder of this user's in another user's. */
function prepareBackupFolder(folder: string): string | undefined {
  const owner = foreignOwner(nearestExisting(folder));
  if (owner) return `${folder} belongs to the user ${owner}: run the doctor as that user, as the server runs`;
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    return undefined;
  } catch (error) {
    return `${folder} cannot be made (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
}

export async function backupResults(config: Config, options: Required<DoctorOptions>, context: Context): Promise<CheckResult[]> {
  const name = 'Backups';
  const results: CheckResult[] = [];
  const folder = config.backup.dir;
  const problem = prepareBackupFolder(folder);
  if (problem) {
    results.push(result(name, 'fail', `${problem}.`));
  } else {
    // Not a backup's name: the keeping of BACKUP_KEEP and the dashboard never count it.
    const file = path.join(
      folder,
      `techhelp-doctor-${new Date(options.now()).toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}.txt`,
    );
    try {
      writeFileSync(file, 'A test file from npm run doctor, copied by BACKUP_COMMAND. It may be deleted.\n', { flag: 'wx', mode: 0o600 });
    } catch (error) {
      results.push(
        result(
          name,
          'fail',
          `${folder} is not writable (${(error as NodeJS.ErrnoException).code ?? 'error'}): backups cannot be written there.`,
        ),
      );
    }
    if (results.length === 0) {
      try {
        if (!config.backup.command) {
          results.push(
            result(
              name,
              'warn',
              `${folder} is writable, but no BACKUP_COMMAND copies backups off this machine: a lost disk would take them with it.`,
            ),
          );
        } else {
          await runBackupCommand(config.backup.command, file);
          results.push(
            result(
              name,
              'pass',
              `${folder} is writable, and BACKUP_COMMAND copied a test file (${path.basename(file)}) off the machine: delete it there.`,
            ),
          );
        }
      } catch (error) {
        results.push(
          result(
            name,
            'fail',
            `${folder} is writable, but BACKUP_COMMAND failed on a test file: it ${(error as Error).message.replace(/^BACKUP_COMMAND /, '')}.`,
          ),
        );
      } finally {
        // Gone already if BACKUP_COMMAND moved it rather than copied it.
        rmSync(file, { force: true });
      }
    }
  }
  if (config.databaseUrl) results.push(pgDumpResult(context));
  return results;
}

/** npm run backup on PostgreSQL needs pg_dump, at least as new as the server (an older one refuses to dump it). */
function pgDumpResult(context: Context): CheckResult {
  const name = 'Backups';
  if (!pgDumpFound()) {
    return result(
      name,
      'fail',
      'pg_dump is missing: npm run backup needs the PostgreSQL client tools (apt-get install postgresql-client).',
    );
  }
  const said = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).stdout;
  const version = /(\d+)(?:\.(\d+))?/.exec(said);
  const major = Number(version?.[1] ?? 0);
  if (context.postgresMajor && major < context.postgresMajor) {
    return result(
      name,
      'fail',
      `pg_dump ${version?.[0]} is older than the PostgreSQL ${context.postgresMajor} server and would refuse to back it up: install postgresql-client-${context.postgresMajor}.`,
    );
  }
  return result(
    name,
    'pass',
    `pg_dump ${version?.[0] ?? ''} is there for npm run backup${context.postgresMajor ? ', as new as the server' : ''}.`,
  );
}
