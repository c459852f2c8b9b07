import type { AuditEntry } from '../../../shared/admin.ts';
import type { Executor } from '../../db/client.ts';
import { insertHistoryEntry, listHistory } from './history-queries.ts';

/** One change to an appointment, by whom and what it changed (field: before and after). */
export type HistoryEntry = {
  appointmentId: string;
  actorUserId: string;
  actorEmail: string;
  action: AuditEntry['action'];
  changes: AuditEntry['changes'];
};

/**
 * An appointment's history (the audit trail): what the back office and payments changed, newest first. Written
 * inside the caller's transaction, so an entry stands exactly when its change does.
 */
export async function recordHistory(db: Executor, entry: HistoryEntry): Promise<void> {
  await insertHistoryEntry(db, entry);
}

export async function historyOf(db: Executor, appointmentId: string): Promise<AuditEntry[]> {
  return (await listHistory(db, appointmentId)).map((row) => ({
    at: row.at.toISOString(),
    actorEmail: row.actorEmail,
    action: row.action,
    changes: row.changes,
  }));
}
