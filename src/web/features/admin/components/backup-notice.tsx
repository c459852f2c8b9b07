import { Link } from 'react-router';
import type { BackupStatus } from '../../../../shared/backups.ts';
import { formatAppointmentTime } from '../../../../shared/business-time.ts';
import { useBackups } from '../api/get-backups.ts';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * The dashboard's line about backups (decision 023): when the last good one was taken, or that none was; a failure
 * since then stands out, with where to read why. On PostgreSQL the runs are `npm run backup`'s pg_dumps, recorded in
 * the database as the embedded database's are, and the line says how to take one.
 */
export function BackupNotice() {
  const backups = useBackups();
  return backups.data ? <BackupLine status={backups.data} /> : null;
}

export function BackupLine({ status }: { status: BackupStatus }) {
  const { enabled, lastGood, lastFailure, files, keep } = status;
  return (
    <div className="backup-notice mb-3">
      {lastFailure && (
        <div role="alert" className="alert alert-danger">
          <strong>The last backup failed</strong> ({formatAppointmentTime(new Date(lastFailure.at))}): {lastFailure.error}{' '}
          <Link to="/errorlog">See the error log.</Link>
        </div>
      )}
      <p className="mb-0">
        {lastGood ? (
          <>
            Last good backup: <strong>{formatAppointmentTime(new Date(lastGood.at))}</strong> ({megabytes(lastGood.bytes)}
            {lastGood.copied === false
              ? ', not copied off the machine: see the error log'
              : lastGood.copied
                ? ', copied off the machine'
                : ''}
            ).{enabled && ` ${files.length} of ${keep} kept.`}
          </>
        ) : (
          <strong>No backup has been {enabled ? 'taken' : 'recorded'} yet.</strong>
        )}
        {!enabled && (
          <>
            {' '}
            This server uses PostgreSQL: back it up with <code>npm run backup</code> (pg_dump, from cron) or your provider's backups.
          </>
        )}
      </p>
    </div>
  );
}
