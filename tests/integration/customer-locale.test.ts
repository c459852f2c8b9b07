import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { slotInstant } from '../../src/shared/business-time.ts';
import { cookieFrom, login, me, nextClient, PASSWORD, PROFILE, signUp, uniqueEmail } from '../support/accounts.ts';
import { book, upcomingWeekendDays } from '../support/appointments.ts';
import { testConfig } from '../support/config.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { type ReceivedMail, startSmtpStandIn } from '../support/smtp-stand-in.ts';
import { expectedSpanishTime } from '../support/spanish.ts';

describe('the customer’s saved language', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'TechHelp <hello@techhelp.test>', PUBLIC_URL: 'https://techhelp.test' }),
      db: database.db,
      listen: database.listen,
      logger: false,
      mail: { retryDelaysMs: [50, 50], pollIntervalMs: 25 },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await smtp.close();
  });

  /** The first e-mail delivered to `to` whose subject matches, read back parsed. */
  async function delivered(to: string, subject: RegExp): Promise<ReceivedMail> {
    const find = () => smtp.received.find((mail) => mail.to.includes(to) && subject.test(mail.parsed.subject ?? ''));
    await expect.poll(() => Boolean(find()), { timeout: 10_000 }).toBe(true);
    return find() as ReceivedMail;
  }

  function signUpIn(email: string, locale: string) {
    return app.inject({
      method: 'POST',
      url: '/api/account/signup',
      remoteAddress: nextClient(),
      payload: { email, confirmEmail: email, password: PASSWORD, confirmPassword: PASSWORD, locale },
    });
  }

  /** Verifies the address by the link of its verification e-mail, then signs in. */
  async function verifiedSession(email: string, mail: ReceivedMail): Promise<string> {
    const link = /https:\/\/techhelp\.test\/usermgmt\?\S+/.exec(mail.parsed.text ?? '')?.[0] ?? '';
    const oobCode = new URL(link).searchParams.get('oobCode') ?? '';
    const verified = await app.inject({
      method: 'POST',
      url: '/api/account/verify-email',
      remoteAddress: nextClient(),
      payload: { oobCode },
    });
    expect(verified.statusCode).toBe(200);
    const session = await login(app, email);
    expect(session.statusCode).toBe(200);
    return cookieFrom(session);
  }

  function saveLocale(cookie: string | undefined, locale: unknown) {
    return app.inject({ method: 'PUT', url: '/api/account/locale', headers: cookie ? { cookie } : {}, payload: { locale } });
  }

  it('keeps the language given at sign-up: the verification e-mail comes in Spanish, its link opens the site in Spanish', async () => {
    const email = uniqueEmail('spanish');
    expect((await signUpIn(email, 'es')).statusCode).toBe(201);
    const mail = await delivered(email, /TechHelp/);
    expect(mail.parsed.subject).toBe('Verifique su correo electrónico para TechHelp');
    const text = mail.parsed.text ?? '';
    expect(text).toContain(
      '¡Le damos la bienvenida a TechHelp! Por favor, confirme que este es su correo electrónico para que pueda iniciar sesión y programar una visita.',
    );
    expect(text).toMatch(/Verificar mi correo electrónico:\nhttps:\/\/techhelp\.test\/usermgmt\?mode=verifyEmail&oobCode=[\w-]+&lang=es\n/);
    expect(text).toContain('Este enlace funciona una sola vez, durante 24 horas.');
    expect(text).toContain('¿Preguntas? Llame al (631) 555-0142');
    expect(text).not.toContain('Verify');
    expect(mail.parsed.html).toContain('<html lang="es">');
    expect(mail.parsed.html).toContain('Si el botón no funciona, copie esta dirección en su navegador:');
    expect(mail.parsed.html).toMatch(/<a href="https:\/\/techhelp\.test\/usermgmt\?mode=verifyEmail&amp;oobCode=[\w-]+&amp;lang=es"/);

    const cookie = await verifiedSession(email, mail);
    expect((await me(app, cookie)).locale).toBe('es');
  });

  it('mails a Spanish-speaking customer’s booking confirmation and invite in Spanish, with the time written the Spanish way', async () => {
    const email = uniqueEmail('reserva');
    expect((await signUpIn(email, 'es')).statusCode).toBe(201);
    const cookie = await verifiedSession(email, await delivered(email, /TechHelp/));
    const saved = await app.inject({ method: 'PUT', url: '/api/account/profile', headers: { cookie }, payload: PROFILE });
    expect(saved.statusCode).toBe(200);

    const [day] = upcomingWeekendDays(1, 3);
    const booked = await book(app, cookie, day ?? '', '09:30am');
    expect(booked.statusCode).toBe(201);
    const when = expectedSpanishTime(slotInstant(day ?? '', '09:30am'));
    expect(when).toMatch(/^[a-zá]+, \d+ de [a-z]+ de \d{4} a las 9:30 a\. m\.$/);

    const mail = await delivered(email, /^Su visita de TechHelp del /);
    expect(mail.parsed.subject).toBe(`Su visita de TechHelp del ${when}`);
    const text = mail.parsed.text ?? '';
    expect(text).toContain(
      `Gracias, ${PROFILE.firstName} ${PROFILE.lastName}. Su visita presencial quedó programada para el ${when} (hora de Nueva York).`,
    );
    expect(text).toContain('Iremos a 12 Main Street, Bay Shore, NY 11706.');
    expect(text).toContain('La invitación adjunta agrega la visita a su calendario.');
    expect(text).toContain('Para cambiar algo, llámenos al (631) 555-0142.');
    expect(text).toContain('Ver mis visitas:\nhttps://techhelp.test/home?lang=es\n');
    expect(mail.parsed.html).toContain('<html lang="es">');

    const invite = mail.parsed.attachments.find((attachment) => attachment.mimeType.startsWith('text/calendar'));
    const calendar = typeof invite?.content === 'string' ? invite.content : new TextDecoder().decode(invite?.content as ArrayBuffer);
    expect(calendar).toContain('SUMMARY:Visita de TechHelp');
    expect(calendar.replace(/\r?\n[ \t]/g, '')).toContain(
      'DESCRIPTION:Visita presencial. Sus visitas: https://techhelp.test/home?lang=es.',
    );
  });

  it('saves the signed-in customer’s choice with PUT /api/account/locale: later e-mails follow it', async () => {
    const email = uniqueEmail('switcher');
    expect((await signUp(app, email)).statusCode).toBe(201);
    const cookie = await verifiedSession(email, await delivered(email, /^Verify your e-mail address for TechHelp$/));
    expect((await me(app, cookie)).locale).toBe('en');

    const saved = await saveLocale(cookie, 'es');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ok: true });
    expect((await me(app, cookie)).locale).toBe('es');
    expect((await login(app, email)).json().locale).toBe('es');

    const reset = await app.inject({
      method: 'POST',
      url: '/api/account/password-reset-email',
      headers: { cookie },
      remoteAddress: nextClient(),
    });
    expect(reset.statusCode).toBe(200);
    const mail = await delivered(email, /contraseña/);
    expect(mail.parsed.subject).toBe('Restablezca su contraseña de TechHelp');
    expect(mail.parsed.text).toMatch(
      /Elegir una contraseña nueva:\nhttps:\/\/techhelp\.test\/usermgmt\?mode=resetPassword&oobCode=[\w-]+&lang=es\n/,
    );
  });

  it('refuses an unknown language and a visitor, in the standard error shape', async () => {
    const email = uniqueEmail('refused');
    expect((await signUp(app, email)).statusCode).toBe(201);
    const cookie = await verifiedSession(email, await delivered(email, /^Verify your e-mail address for TechHelp$/));

    for (const locale of ['fr', '', 'ES', 42, null]) {
      const response = await saveLocale(cookie, locale);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
    }
    expect((await me(app, cookie)).locale).toBe('en');

    const visitor = await saveLocale(undefined, 'es');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please log in first.' } });

    const unknownAtSignUp = await signUpIn(uniqueEmail('klingon'), 'tlh');
    expect(unknownAtSignUp.statusCode).toBe(400);
    expect(unknownAtSignUp.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('tells a visitor no language: the session answer is unchanged for them', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/account/me' });
    expect(response.json()).toEqual({ user: null, profile: null });
  });
});
