import { Link } from 'react-router';
import { formatAppointmentTime } from '../../../../shared/business-time.ts';
import { useBackups } from '../api/get-backups.ts';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * The dashboard's line about backups (decision 023): when the last good one was taken, or that none was; a failure
 * since then stands out, with where to read why. On PostgreSQL, where backups are pg_dump's, it says so.
 */
export function BackupNotice() {
  const backups = useBackups();
  if (!backups.data) return null;
  const { enabled, lastGood, lastFailure, files, keep } = backups.data;
  if (!enabled) {
    return (
      <p className="backup-notice mb-3">
        Backups: this server uses PostgreSQL. Back it up with <code>npm run backup</code> (pg_dump) or your provider's backups.
      </p>
    );
  }
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
            ). {files.length} of {keep} kept.
          </>
        ) : (
          <strong>No backup has been taken yet.</strong>
        )}
      </p>
    </div>
  );
}
