import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type ConfigChangeRow, configChanges } from '../../db/schema.ts';

export async function listConfigChanges(db: Executor, collection: ConfigChangeRow['collection']): Promise<ConfigChangeRow[]> {
  return db.select().from(configChanges).where(eq(configChanges.collection, collection)).orderBy(desc(configChanges.createdAt));
}

export async function insertConfigChange(db: Executor, values: typeof configChanges.$inferInsert): Promise<ConfigChangeRow> {
  const [row] = await db.insert(configChanges).values(values).returning();
  if (!row) throw new Error('the change-log entry was not stored');
  return row;
}

/** Updates an entry; undefined when there is none with that id. */
export async function updateConfigChange(
  db: Executor,
  id: string,
  values: Partial<typeof configChanges.$inferInsert>,
): Promise<ConfigChangeRow | undefined> {
  const [row] = await db
    .update(configChanges)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(configChanges.id, id))
    .returning();
  return row;
}

export async function deleteConfigChange(db: Executor, id: string): Promise<boolean> {
  return (await db.delete(configChanges).where(eq(configChanges.id, id)).returning({ id: configChanges.id })).length > 0;
}
