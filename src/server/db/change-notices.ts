import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor, Listen } from './client.ts';

/**
 * Where the database announces changes that copies kept in memory depend on (decision 025; triggers in migrations
 * 0017, 0018, 0030 and 0035): `s:<session id>`, `u:<user id>` (a user's sign-in, address, verification or rights),
 * `a:<user id>` (that user's appointments or their estimates), `m` (the free times: an appointment, time off, the
 * owner's imported busy times, a waitlist offer's hold or the booking rules), `t` (the owner's time off or imported
 * busy times), `r` (the booking rules). Ids only, never a token.
 */
export const CHANGE_NOTICES_CHANNEL = 'techhelp_cache';

/** How long `settle` waits for its own notice before it empties every cache instead. */
const SETTLE_TIMEOUT_MS = 2000;

type Subscriber = { heard: (payload: string) => void; reset: () => void; holdsAnything: () => boolean };

/**
 * One listening connection per process for every in-memory cache. A cache keeps nothing while the bus is not
 * listening, and is emptied when listening drops or resumes. `generation` moves on every notice, so a cache can
 * refuse to keep what it read while a notice arrived.
 */
export class ChangeNotices {
  private readonly subscribers: Subscriber[] = [];
  private stopListening: (() => Promise<void>) | undefined;
  private settleCounter = 0;
  private readonly settling = new Map<string, () => void>();
  private readonly instance = Math.random().toString(36).slice(2, 10);
  listening = false;
  generation = 0;

  constructor(
    /** Sends a notice on CHANGE_NOTICES_CHANNEL (for `settle`). */
    private readonly notify: (payload: string) => Promise<void>,
    private readonly listen: Listen,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  subscribe(subscriber: Subscriber): void {
    this.subscribers.push(subscriber);
  }

  async start(): Promise<void> {
    this.stopListening = await this.listen(
      CHANGE_NOTICES_CHANNEL,
      (payload) => this.heard(payload),
      (listening) => {
        if (!listening) this.log.warn('change notices: the listening connection dropped; reads go to the database');
        this.reset();
        this.listening = listening;
      },
    );
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.reset();
    for (const resolve of this.settling.values()) resolve();
    this.settling.clear();
    await this.stopListening?.();
  }

  private heard(payload: string): void {
    const settled = this.settling.get(payload);
    if (settled) {
      this.settling.delete(payload);
      settled();
      return;
    }
    if (payload.startsWith('sync:')) return;
    this.generation += 1;
    for (const subscriber of this.subscribers) subscriber.heard(payload);
  }

  /** Empties every cache (a notice may have been missed). */
  reset(): void {
    this.generation += 1;
    for (const subscriber of this.subscribers) subscriber.reset();
  }

  /**
   * Resolves once every notice committed before the call has been heard here: the database delivers notices in
   * commit order, so this process's own notice, sent now, arrives after them. Nothing is sent while no cache holds
   * anything that could be stale, nor on the embedded database, which hands notices over before a commit returns
   * (`Listen.heardAtCommit`): there the notice would only wait its turn behind other queries (e-mail delivery just
   * after a booking, for one) to learn nothing new.
   */
  async settle(): Promise<void> {
    if (this.listen.heardAtCommit) return;
    if (!this.listening || !this.subscribers.some((subscriber) => subscriber.holdsAnything())) return;
    this.settleCounter += 1;
    const payload = `sync:${this.instance}:${this.settleCounter}`;
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.settling.delete(payload);
        resolve(false);
      }, SETTLE_TIMEOUT_MS);
      timer.unref();
      this.settling.set(payload, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    try {
      await this.notify(payload);
    } catch {
      this.settling.delete(payload);
      this.reset();
      return;
    }
    if (!(await heard)) this.reset();
  }
}

/** The bus of a server: its own notices go through the database it runs on. */
export function changeNoticesFor(db: Executor, listen: Listen, log: Pick<FastifyBaseLogger, 'warn'>): ChangeNotices {
  return new ChangeNotices(
    async (payload) => {
      await db.execute(sql`select pg_notify(${CHANGE_NOTICES_CHANNEL}, ${payload})`);
    },
    listen,
    log,
  );
}

type Entry<V> = { value: V; until: number; storedAt: number };

/**
 * A bounded map of values read from the database, kept while the bus listens: an entry goes when its owner drops it
 * (on a notice), when its own `until` passes, after `maxAgeMs` in any case, and, oldest first, beyond `entries`.
 */
export class NoticedCache<K, V> {
  private readonly map = new Map<K, Entry<V>>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly notices: ChangeNotices,
    heard: (payload: string, cache: NoticedCache<K, V>) => void,
    private readonly options: { entries: number; maxAgeMs: number; now?: () => number },
  ) {
    notices.subscribe({ heard: (payload) => heard(payload, this), reset: () => this.clear(), holdsAnything: () => this.map.size > 0 });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /**
   * The kept value, or `load`'s: kept until `until` (epoch ms), unless `keep` is false or a notice arrived while it
   * was read.
   */
  async get(key: K, load: () => Promise<{ value: V; until?: number; keep?: boolean }>): Promise<V> {
    const entry = this.notices.listening ? this.map.get(key) : undefined;
    if (entry) {
      const now = this.now();
      if (now < entry.until && now - entry.storedAt < this.options.maxAgeMs) {
        this.hits += 1;
        return entry.value;
      }
      this.map.delete(key);
    }
    this.misses += 1;
    const generation = this.notices.generation;
    const loaded = await load();
    if (loaded.keep !== false && this.notices.listening && generation === this.notices.generation) {
      this.set(key, loaded.value, loaded.until ?? Number.POSITIVE_INFINITY);
    }
    return loaded.value;
  }

  private set(key: K, value: V, until: number): void {
    this.map.delete(key);
    this.map.set(key, { value, until, storedAt: this.now() });
    while (this.map.size > this.options.entries) {
      const oldest = this.map.keys().next().value;
      if (oldest === undefined) break;
      this.map.delete(oldest);
    }
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  /** Drops every entry `matches` picks. */
  dropWhere(matches: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.map) if (matches(entry.value, key)) this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}
