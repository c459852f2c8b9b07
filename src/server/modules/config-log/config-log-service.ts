import type { SessionUser } from '../../../shared/account.ts';
import type { ConfigChange, ConfigChangeInput, ConfigCollection } from '../../../shared/admin.ts';
import { APPOINTMENT_TEXTS } from '../../../shared/appointments.ts';
import type { Database } from '../../db/client.ts';
import type { ConfigChangeRow } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { deleteConfigChange, insertConfigChange, listConfigChanges, updateConfigChange } from './config-log-queries.ts';

function configEntry(row: ConfigChangeRow): ConfigChange {
  return {
    id: row.id,
    date: row.date,
    time: row.time,
    collectionName: row.collection,
    context: row.context,
    description: row.description,
  };
}

function columnsOf(input: ConfigChangeInput) {
  return { collection: input.collectionName, date: input.date, time: input.time, context: input.context, description: input.description };
}

/** The configuration change log the owner keeps in the back office: what changed where, when and why. */
export class ConfigLogService {
  constructor(private readonly db: Database) {}

  async list(collection: ConfigCollection): Promise<ConfigChange[]> {
    return (await listConfigChanges(this.db, collection)).map(configEntry);
  }

  async add(admin: SessionUser, input: ConfigChangeInput): Promise<ConfigChange> {
    const row = await insertConfigChange(this.db, { ...columnsOf(input), createdBy: admin.email });
    return configEntry(row);
  }

  async edit(id: string, input: ConfigChangeInput): Promise<ConfigChange> {
    const row = await updateConfigChange(this.db, id, columnsOf(input));
    if (!row) throw new HttpError(404, 'NOT_FOUND', 'That change-log entry was not found.');
    return configEntry(row);
  }

  async remove(id: string): Promise<void> {
    if (!(await deleteConfigChange(this.db, id))) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.deleteErrorNotified);
  }
}
