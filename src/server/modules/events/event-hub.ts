import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../../shared/account.ts';
import type { ChangeEvent } from '../../../shared/events.ts';
import type { Executor, Listen } from '../../db/client.ts';

export const CHANGES_CHANNEL = 'techhelp_changes';

type Subscriber = { viewer: SessionUser; send: (event: ChangeEvent) => void };

/**
 * Live updates across server instances: a change is announced with NOTIFY inside the transaction that makes
 * it (so it is delivered only once committed), and every instance relays it to the streams allowed to see it.
 */
export class EventHub {
  private readonly subscribers = new Set<Subscriber>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly listen: Listen,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.listen(CHANGES_CHANNEL, (payload) => this.dispatch(payload));
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.subscribers.clear();
  }

  /** Announces a change; call it with the transaction that makes the change. */
  async announce(db: Executor, event: ChangeEvent): Promise<void> {
    await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(event)})`);
  }

  subscribe(viewer: SessionUser, send: (event: ChangeEvent) => void): () => void {
    const subscriber = { viewer, send };
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
  }

  private dispatch(payload: string): void {
    let event: ChangeEvent;
    try {
      event = JSON.parse(payload) as ChangeEvent;
    } catch (error) {
      this.log.error({ err: error }, 'unreadable change notification');
      return;
    }
    for (const subscriber of this.subscribers) {
      if (subscriber.viewer.isAdmin || subscriber.viewer.id === event.userId) subscriber.send(event);
    }
  }
}
