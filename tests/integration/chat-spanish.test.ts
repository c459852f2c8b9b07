import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { startOpenAIStandIn } from '../support/openai-stand-in.ts';

/** POST /api/chat in Spanish: the answer is in the language of the question; the page's locale decides only when it cannot tell. */

type Subject = TestApp & { cookie: string };

async function chat(subject: Subject, body: unknown) {
  return subject.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: subject.cookie }, payload: body as object });
}

const ask = (content: string, locale?: string) => ({ messages: [{ role: 'user', content }], ...(locale ? { locale } : {}) });
const contentOf = (response: { json(): { choices: { message: { content: string } }[] } }) => response.json().choices[0]?.message.content;

describe('POST /api/chat in Spanish with the built-in assistant', () => {
  let subject: Subject;
  beforeAll(async () => {
    const app = await createTestApp({ SUPPORT_PHONE: '(631) 555-0177' });
    subject = { ...app, cookie: (await verifiedCustomer(app.app)).cookie };
  });
  afterAll(() => subject.close());

  it('answers a Spanish question in Spanish, from the same fee schedule, whatever the page', async () => {
    for (const locale of [undefined, 'en', 'es']) {
      const response = await chat(subject, ask('¿Cuánto me cobran por hora y media de troubleshooting?', locale));
      expect(response.statusCode).toBe(200);
      expect(contentOf(response)).toContain(
        'Una hora y media de solución de problemas: primera hora $50, luego 1 media hora más a $25 = $75.',
      );
    }
  });

  it('answers an English question in English on the Spanish page', async () => {
    expect(contentOf(await chat(subject, ask('Do you come to Commack?', 'es')))).toContain('Yes, we come to Commack (Town of Smithtown)');
  });

  it("uses the page's language for a question that does not tell", async () => {
    expect(contentOf(await chat(subject, ask('Sayville?', 'es')))).toContain('Sí, vamos a Sayville (Town of Islip)');
    expect(contentOf(await chat(subject, ask('Sayville?', 'en')))).toContain('Yes, we come to Sayville (Town of Islip)');
    expect(contentOf(await chat(subject, ask('Sayville?')))).toContain('Yes, we come to Sayville (Town of Islip)');
  });

  it("gives the owner's rules and the configured phone in Spanish, and declines in Spanish", async () => {
    const cutoff = contentOf(await chat(subject, ask('¿Hasta cuándo puedo cancelar mi cita?')));
    expect(cutoff).toContain('hasta 24 horas antes');
    expect(cutoff).toContain('(631) 555-0177');
    const declined = contentOf(await chat(subject, ask('¿Cuál es la capital de Francia?', 'es')));
    expect(declined).toContain('Lo siento, no sé la respuesta');
    expect(declined).toContain('(631) 555-0177');
  });

  it('refuses a locale it does not know with 400', async () => {
    const response = await chat(subject, ask('Hola', 'fr'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
  });
});

describe('POST /api/chat in Spanish with an OpenAI-compatible server', () => {
  let standIn: Awaited<ReturnType<typeof startOpenAIStandIn>>;
  let subject: Subject;

  beforeAll(async () => {
    standIn = await startOpenAIStandIn();
    const app = await createTestApp({ OPENAI_API_KEY: standIn.apiKey, OPENAI_BASE_URL: standIn.baseUrl });
    subject = { ...app, cookie: (await verifiedCustomer(app.app)).cookie };
  });
  afterAll(async () => {
    await subject.close();
    await standIn.close();
  });

  const systemFor = async (body: unknown) => {
    standIn.enqueue({ kind: 'answer', content: 'Con gusto.' });
    const response = await chat(subject, body);
    expect(response.statusCode).toBe(200);
    const [system] = standIn.requests.at(-1)?.body.messages ?? [];
    expect(system?.role).toBe('system');
    return system?.content ?? '';
  };

  it('tells the model to answer in Spanish when the customer writes in Spanish, on either page', async () => {
    for (const locale of [undefined, 'en', 'es']) {
      const system = await systemFor(ask('¿Pueden venir a Sayville el sábado?', locale));
      expect(system).toContain('Answer in Spanish');
      expect(system).toContain('usted');
      // The facts are the same ones, whatever the language.
      expect(system).toContain('$50 for the first hour');
      expect(system).toContain('Hauppauge');
    }
  });

  it('tells the model to answer in English for an English question, and follows the page when the question does not tell', async () => {
    expect(await systemFor(ask('Can you come to Sayville on Saturday?', 'es'))).toContain('Answer in English');
    expect(await systemFor(ask('Sayville?', 'es'))).toContain('Answer in Spanish');
    const english = await systemFor(ask('Sayville?'));
    expect(english).toContain('Answer in English');
    expect(english).not.toContain('Answer in Spanish');
  });

  it('sends the conversation as it is, without the locale', async () => {
    await systemFor(ask('¿Aceptan cheques?', 'es'));
    const sent = standIn.requests.at(-1)?.body;
    expect(sent?.messages.slice(1)).toEqual([{ role: 'user', content: '¿Aceptan cheques?' }]);
    expect(JSON.stringify(sent)).not.toContain('"locale"');
  });
});
