import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { appointments, payRequests } from '../../src/server/db/schema.ts';
import { PROFILE } from '../support/accounts.ts';
import { freshDataDir, type ServerProcess, startServer } from '../support/server-process.ts';

const PASSWORD = 'correct horse battery';

async function json(server: ServerProcess, path: string, init: { method?: string; body?: object; cookie?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return {
    status: response.status,
    body: response.status === 204 ? null : await response.json(),
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

async function reminders(server: ServerProcess, email: string, subject = 'Reminder'): Promise<number> {
  const { body } = await json(server, `/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  return (body as Array<{ subject: string }>).filter((mail) => mail.subject.startsWith(subject)).length;
}
const payReminders = (server: ServerProcess, email: string) => reminders(server, email, 'A friendly reminder');

describe('the reminder scheduler across restarts', () => {
  it('sends the reminder of a visit due within 24 hours, and of a pay link 3 days old, once, whatever restarts and crashes follow', async () => {
    const dataDir = freshDataDir();
    const email = 'remind.me@example.com';
    let server = await startServer({ dataDir });
    let userId: string;
    try {
      await json(server, '/api/account/signup', {
        method: 'POST',
        body: { email, confirmEmail: email, password: PASSWORD, confirmPassword: PASSWORD },
      });
      const [verification] = (await json(server, `/dev/mailbox.json?to=${email}`)).body as Array<{ links: string[] }>;
      const oobCode = new URL(verification?.links[0] ?? '').searchParams.get('oobCode');
      expect((await json(server, '/api/account/verify-email', { method: 'POST', body: { oobCode } })).status).toBe(200);
      const login = await json(server, '/api/account/login', { method: 'POST', body: { email, password: PASSWORD, rememberMe: false } });
      userId = login.body.user.id;
      expect((await json(server, '/api/account/profile', { method: 'PUT', body: PROFILE, cookie: login.cookie })).status).toBe(200);
    } finally {
      await server.stop();
    }

    // A visit three hours from now, and a job done last week whose pay link went out four days ago, unpaid,
    // written while no server runs (the embedded database allows one process).
    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await database.db.insert(appointments).values({
        id: `20991231-${crypto.randomUUID()}`,
        userId,
        startsAt: new Date(Date.now() + 3 * 3600_000),
        slotLabel: '08:00am',
      });
      const done = `20991230-${crypto.randomUUID()}`;
      await database.db.insert(appointments).values({
        id: done,
        userId,
        startsAt: new Date(Date.now() - 5 * 86_400_000),
        slotLabel: '08:00am',
        completedAt: new Date(Date.now() - 4 * 86_400_000),
        amountCents: 5000,
      });
      await database.db.insert(payRequests).values({ appointmentId: done, sentAt: new Date(Date.now() - 4 * 86_400_000) });
    } finally {
      await database.close();
    }

    server = await startServer({ dataDir });
    await expect.poll(() => reminders(server, email), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => payReminders(server, email), { timeout: 10_000 }).toBe(1);
    await server.stop('SIGTERM');
    server = await startServer({ dataDir });
    await server.stop('SIGKILL');
    server = await startServer({ dataDir });
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await reminders(server, email)).toBe(1);
      expect(await payReminders(server, email)).toBe(1);
    } finally {
      await server.stop();
    }
  });
});
