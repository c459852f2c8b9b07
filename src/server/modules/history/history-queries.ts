import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** An appointment's history (the audit log): written by the back office and by payments, read by the back office. */
export async function insertHistoryEntry(db: Executor, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

export async function listHistory(db: Executor, appointmentId: string) {
  return db.select().from(auditLog).where(eq(auditLog.appointmentId, appointmentId)).orderBy(desc(auditLog.at), desc(auditLog.seq));
}

/** Replaces an actor's e-mail in every history entry they made (the customer deleted their account). */
export async function renameActor(db: Executor, actorUserId: string, actorEmail: string): Promise<void> {
  await db.update(auditLog).set({ actorEmail }).where(eq(auditLog.actorUserId, actorUserId));
}
