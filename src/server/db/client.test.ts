import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTextTypesOnce } from './client.ts';

const visits = pgTable('visits', {
  id: integer('id').primaryKey(),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
  note: text('note'),
});

/**
 * The embedded database as drizzle is given it (withTextTypesOnce): the same results as drizzle's own per-query
 * parsers, without handing PGlite a parser table to merge on every query.
 */
describe('the embedded database under drizzle', () => {
  let client: PGlite;
  const passed: Array<QueryOptions | undefined> = [];
  let db: ReturnType<typeof drizzle>;

  beforeAll(async () => {
    client = await PGlite.create();
    const query = client.query.bind(client);
    // Every query drizzle makes, outside a transaction and inside one, as PGlite receives it.
    client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      passed.push(options);
      return query(text, params, options);
    }) as PGlite['query'];
    const transaction = client.transaction.bind(client);
    client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        return callback(
          Object.create(tx, {
            query: {
              value: (text: string, params?: unknown[], options?: QueryOptions) => {
                passed.push(options);
                return txQuery(text, params, options);
              },
            },
          }),
        );
      })) as PGlite['transaction'];
    db = drizzle({ client: withTextTypesOnce(client) });
    await db.execute(sql`create table visits (id integer primary key, starts_at timestamptz not null, note text)`);
    // A new embedded database runs initdb: about 4 s of one core on a slow machine, more beside the other tests.
  }, 60_000);
  afterAll(() => client.close());

  it('passes no parser table with any query, yet reads timestamps, dates and intervals as drizzle does', async () => {
    const startsAt = new Date('2026-12-05T13:00:00.123Z');
    passed.length = 0;
    await db.insert(visits).values({ id: 1, startsAt, note: 'first' });
    const [row] = await db.select().from(visits);
    expect(row).toEqual({ id: 1, startsAt, note: 'first' });
    expect(row?.startsAt).toBeInstanceOf(Date);

    await db.transaction(async (tx) => {
      await tx.insert(visits).values({ id: 2, startsAt: new Date(startsAt.getTime() + 60_000) });
      const rows = await tx.select({ startsAt: visits.startsAt }).from(visits).orderBy(visits.id);
      expect(rows.map((found) => found.startsAt.toISOString())).toEqual(['2026-12-05T13:00:00.123Z', '2026-12-05T13:01:00.123Z']);
    });

    // Raw statements get the text drizzle's own parsers would have left: it converts them itself, or not at all.
    const raw = await db.execute(
      sql`select '2026-12-05 08:00:00-05'::timestamptz as at, '2026-12-05'::date as day, interval '90 minutes' as visit, array['2026-12-05'::date] as days`,
    );
    expect(raw.rows).toEqual([{ at: '2026-12-05 13:00:00+00', day: '2026-12-05', visit: '01:30:00', days: '{2026-12-05}' }]);

    expect(passed).toHaveLength(5);
    expect(passed.filter((options) => options?.parsers !== undefined)).toEqual([]);
  });

  it('passes on parsers for other types, which PGlite merges as before', async () => {
    passed.length = 0;
    const shout = (value: string) => value.toUpperCase();
    const result = await withTextTypesOnce(client).query<{ note: string }>("select 'quiet' as note", [], {
      parsers: { [types.TEXT]: shout },
    });
    expect(result.rows).toEqual([{ note: 'QUIET' }]);
    expect(passed[0]?.parsers?.[types.TEXT]).toBe(shout);
  });
});
