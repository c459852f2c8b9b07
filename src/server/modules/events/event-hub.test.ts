import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/account.ts';
import type { ChangeEvent } from '../../../shared/events.ts';
import { CHANGES_CHANNEL, EventHub } from './event-hub.ts';

const silent = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const viewer = (id: string, isAdmin = false): SessionUser => ({ id, email: `${id}@example.com`, emailVerified: true, isAdmin });

async function hubWithStreams(viewers: SessionUser[], log = silent) {
  let deliver: (payload: string) => void = () => {};
  let connection: (listening: boolean) => void = () => {};
  const hub = new EventHub(async (channel, onMessage, onConnection) => {
    expect(channel).toBe(CHANGES_CHANNEL);
    deliver = onMessage;
    connection = onConnection ?? (() => {});
    return async () => {};
  }, log);
  await hub.start();
  const heard: Array<{ who: string; event: ChangeEvent }> = [];
  const resynced: string[] = [];
  for (const [index, who] of viewers.entries()) {
    hub.subscribe({
      viewer: who,
      sessionId: `session-${index}`,
      send: (event) => heard.push({ who: who.id, event }),
      resync: () => resynced.push(who.id),
      end: () => {},
    });
  }
  return {
    deliver: (message: object) => deliver(JSON.stringify(message)),
    heard,
    resynced,
    connection: (listening: boolean) => connection(listening),
  };
}

describe('the event hub', () => {
  it("sends a booking to its owner's and the admins' streams first, then the slot alone to everyone else", async () => {
    // Streams opened by others before the owner's: they are still served after it.
    const { deliver, heard } = await hubWithStreams([
      viewer('other1'),
      viewer('other2'),
      viewer('owner'),
      viewer('boss', true),
      viewer('other3'),
    ]);
    const startsAt = '2026-12-05T13:00:00.000Z';
    deliver({ kind: 'appointment', userId: 'owner', appointmentId: 'a1', slot: startsAt, slotTaken: true });
    expect(heard.map((entry) => entry.who)).toEqual(['owner', 'boss', 'other1', 'other2', 'other3']);
    expect(heard.slice(0, 2).map((entry) => entry.event)).toEqual([
      { kind: 'appointment', userId: 'owner', appointmentId: 'a1' },
      { kind: 'appointment', userId: 'owner', appointmentId: 'a1' },
    ]);
    for (const entry of heard.slice(2)) expect(entry.event).toEqual({ kind: 'slot', startsAt, taken: true });
  });

  it('tells every stream of a slot opened or closed on its own, with whether it is taken only when that was said', async () => {
    const { deliver, heard } = await hubWithStreams([viewer('other1'), viewer('boss', true)]);
    const slot = '2026-12-05T13:00:00.000Z';
    deliver({ kind: 'slots-changed', slot, taken: false });
    deliver({ kind: 'slots-changed', slot });
    deliver({ kind: 'slots-changed', slot, taken: 'yes' });
    expect(heard.map((entry) => entry.event)).toEqual([
      { kind: 'slot', startsAt: slot, taken: false },
      { kind: 'slot', startsAt: slot, taken: false },
      { kind: 'slot', startsAt: slot },
      { kind: 'slot', startsAt: slot },
      { kind: 'slot', startsAt: slot },
      { kind: 'slot', startsAt: slot },
    ]);
  });

  it('sends a change without a slot to its owner and the admins only', async () => {
    const { deliver, heard } = await hubWithStreams([viewer('other1'), viewer('owner'), viewer('boss', true)]);
    deliver({ kind: 'profile', userId: 'owner' });
    expect(heard.map((entry) => entry.who)).toEqual(['owner', 'boss']);
  });

  it('tells every open stream to refetch when its listening connection comes back after a drop, and says so in the log', async () => {
    const lines: string[] = [];
    const log = {
      error: () => {},
      warn: (line: string) => lines.push(line),
      info: (line: string) => lines.push(line),
    } as unknown as FastifyBaseLogger;
    const { resynced, connection } = await hubWithStreams([viewer('other1'), viewer('boss', true)], log);
    connection(true);
    expect(resynced, 'a first connection is no return').toEqual([]);
    connection(false);
    expect(resynced).toEqual([]);
    connection(true);
    expect(resynced).toEqual(['other1', 'boss']);
    connection(true);
    expect(resynced, 'once per drop').toEqual(['other1', 'boss']);
    expect(lines.join('\n')).toMatch(/dropped[\s\S]*listening again; 2 open streams told to refetch/);
  });
});
