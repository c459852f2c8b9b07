import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../src/server/db/schema.ts';
import { CODE_WORDS } from '../../src/shared/code-words.ts';
import { mailbox, PROFILE } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bookingAdmin, bookingCustomer } from '../support/appointments.ts';

const NEW_YORK = 'America/New_York';

/**
 * The code word (issue 39, decision 038): given at the first booking from the list of the customer's language, kept at
 * the next, told in the confirmation (English and Spanish); changed on /account to a word of the lists or a new one at
 * random, any other word refused; in the data download; nothing without a session. "On my way", which says the word, is
 * tests/integration/on-my-way.test.ts.
 */
describe('the code word', () => {
  let subject: TestApp;

  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(async () => {
    await subject?.close();
  });

  const app = () => subject.app;

  /** A customer ready to book, in `locale`, without texts. */
  async function customer(prefix: string, { locale = 'en' as 'en' | 'es' } = {}) {
    const person = await bookingCustomer(app(), prefix);
    if (locale !== 'en') {
      const saved = await app().inject({
        method: 'PUT',
        url: '/api/account/locale',
        headers: { cookie: person.cookie },
        payload: { locale },
      });
      expect(saved.statusCode).toBe(200);
    }
    const saved = await app().inject({ method: 'PUT', url: '/api/account/profile', headers: { cookie: person.cookie }, payload: PROFILE });
    expect(saved.statusCode).toBe(200);
    return person;
  }
  const codeWordOf = async (cookie: string) => {
    const response = await app().inject({ url: '/api/account/code-word', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as { codeWord: string | null; choices: string[] };
  };
  const lastMailTo = async (email: string) => (await mailbox(app(), email)).at(0);

  it('gives a code word from the list of the language at the first booking, keeps it at the second, and tells it in the confirmation', async () => {
    const ann = await customer('code-en');
    const rosa = await customer('code-es', { locale: 'es' });
    expect((await codeWordOf(ann.cookie)).codeWord).toBeNull();

    const days = (() => {
      const next = new Date(Date.now() + 40 * 86_400_000);
      const found: string[] = [];
      for (let day = 0; found.length < 2; day++) {
        const date = new Date(next.getTime() + day * 86_400_000);
        const weekday = new Intl.DateTimeFormat('en-US', { timeZone: NEW_YORK, weekday: 'short' }).format(date);
        if (weekday === 'Sat' || weekday === 'Sun') found.push(date.toLocaleDateString('en-CA', { timeZone: NEW_YORK }));
      }
      return found;
    })();
    const bookAt = (cookie: string, date: string, slot: string) =>
      app().inject({ method: 'POST', url: '/api/appointments', headers: { cookie }, payload: { date, slot, isRemote: false } });

    expect((await bookAt(ann.cookie, days[0] ?? '', '09:30am')).statusCode).toBe(201);
    const annWord = (await codeWordOf(ann.cookie)).codeWord ?? '';
    expect(CODE_WORDS.en).toContain(annWord);
    const confirmation = await lastMailTo(ann.email);
    expect(confirmation?.text).toContain(
      `Our technician will say: ${annWord}. Never let anyone in, or onto your computer, who cannot say it.`,
    );
    expect((await bookAt(ann.cookie, days[1] ?? '', '09:30am')).statusCode).toBe(201);
    expect((await codeWordOf(ann.cookie)).codeWord).toBe(annWord);

    expect((await bookAt(rosa.cookie, days[0] ?? '', '11:00am')).statusCode).toBe(201);
    const rosaWord = (await codeWordOf(rosa.cookie)).codeWord ?? '';
    expect(CODE_WORDS.es).toContain(rosaWord);
    expect((await lastMailTo(rosa.email))?.text).toContain(
      `Nuestro técnico le dirá: ${rosaWord}. Nunca deje entrar a nadie, ni a su casa ni a su computadora, si no sabe decirla.`,
    );
  });

  it('lets the customer change the word on /account to one of the lists, or a new one at random, and refuses any other', async () => {
    const bea = await customer('code-change');
    const put = (payload: object, cookie = bea.cookie) =>
      app().inject({ method: 'PUT', url: '/api/account/code-word', headers: { cookie }, payload });
    expect((await put({ word: 'lantern' })).json()).toMatchObject({ codeWord: 'lantern' });
    expect((await codeWordOf(bea.cookie)).codeWord).toBe('lantern');
    // A Spanish word is on the lists too, whatever its case.
    expect((await put({ word: ' Montaña ' })).json()).toMatchObject({ codeWord: 'montaña' });
    const refused = await put({ word: 'password123' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'NOT_A_CODE_WORD',
      message: 'Please choose a word from the list: only those words can be your code word.',
    });
    expect((await codeWordOf(bea.cookie)).codeWord).toBe('montaña');
    const fresh = (await put({ fresh: true })).json();
    expect(CODE_WORDS.en).toContain(fresh.codeWord);
    expect(fresh.choices.slice(0, CODE_WORDS.en.length)).toEqual(CODE_WORDS.en);
    // Nobody else's word, and nothing without a session.
    expect((await app().inject({ url: '/api/account/code-word' })).statusCode).toBe(401);
    expect((await put({ word: 'robin' }, '')).statusCode).toBe(401);
    // The data download has it.
    const data = await app().inject({ url: '/api/account/export', headers: { cookie: bea.cookie } });
    expect(JSON.parse(data.body).profile.codeWord).toBe(fresh.codeWord);
  });

  it("gives the back office the word only beside today's in-person visits, never in another row, list or answer", async () => {
    const admin = await bookingAdmin(app(), subject.database.db);
    const cora = await customer('code-admin');
    expect(
      (await app().inject({ method: 'PUT', url: '/api/account/code-word', headers: { cookie: cora.cookie }, payload: { word: 'lantern' } }))
        .statusCode,
    ).toBe(200);
    const visit = async (startsAt: Date, isRemote = false) => {
      const id = `20991230-${randomUUID()}`;
      await subject.database.db.insert(appointments).values({ id, userId: cora.id, startsAt, slotLabel: '08:00am', isRemote });
      return id;
    };
    const today = await visit(new Date());
    const todayRemote = await visit(new Date(Date.now() + 1000), true);
    const later = await visit(new Date(Date.now() + 3 * 86_400_000));
    const earlier = await visit(new Date(Date.now() - 3 * 86_400_000));
    const call = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
      app().inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

    const open = await call('GET', '/api/admin/appointments');
    expect(open.statusCode).toBe(200);
    const row = (id: string) => open.json().find((entry: { id: string }) => entry.id === id);
    expect(row(today).customer.codeWord).toBe('lantern');
    for (const id of [todayRemote, later, earlier]) {
      expect(row(id).customer.firstName).toBe(PROFILE.firstName);
      expect(JSON.stringify(row(id))).not.toContain('lantern');
    }
    // An edit's answer, and the paid list, of a visit of another day: no word.
    const paid = await call('PATCH', `/api/admin/appointments/${earlier}`, {
      amount: '80',
      isCompleted: true,
      isPaid: true,
      paymentMethod: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().appointment.customer.firstName).toBe(PROFILE.firstName);
    expect(paid.body).not.toContain('lantern');
    const list = await call('GET', '/api/admin/paid?from=2026-01-01&to=2099-12-31');
    expect(list.json().entries.map((entry: { id: string }) => entry.id)).toContain(earlier);
    expect(list.body).not.toContain('lantern');
    expect((await call('GET', '/api/admin/completed')).body).not.toContain('lantern');
  });
});
