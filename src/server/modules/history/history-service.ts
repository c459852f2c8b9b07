import { type AuditEntry, DELETED_ACCOUNT_NAME } from '../../../shared/admin.ts';
import type { Executor } from '../../db/client.ts';
import { insertHistoryEntry, listHistory, renameActor } from './history-queries.ts';

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

/** The customer deleted their account: the entries they made name "Deleted account" instead of their address. */
export async function forgetActor(db: Executor, actorUserId: string): Promise<void> {
  await renameActor(db, actorUserId, DELETED_ACCOUNT_NAME);
}
