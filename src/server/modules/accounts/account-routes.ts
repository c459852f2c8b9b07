import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangeEmailSchema,
  EmailOnlySchema,
  EmailResultSchema,
  LocaleChoiceSchema,
  LoginSchema,
  MeSchema,
  OkSchema,
  OobCodeSchema,
  ProfileOutputSchema,
  ProfileSchema,
  ResetPasswordSchema,
  SignUpSchema,
} from '../../../shared/account.ts';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { english } from '../../../shared/english.ts';
import { EstimateApprovalSettingSchema } from '../../../shared/estimates.ts';
import { LOCALE_QUERY_PARAMETER } from '../../../shared/locale.ts';
import { BUSINESS_NAME } from '../../../shared/site.ts';
import { TrustedContactOutputSchema, TrustedContactSchema } from '../../../shared/text-messages.ts';
import { type Translator, translatorFor } from '../../i18n.ts';
import { forwardCookies, requireVerifiedUser, webHeaders } from '../../plugins/session.ts';
import { escapeHtml } from '../mail/index.ts';
import type { AccountService } from './account-service.ts';
import type { Clock } from './clock.ts';
import { limitAttempt, limitSignIn } from './rate-limit.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };

export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountService; clock: Clock }> = async (app, { accounts, clock }) => {
  app.get('/api/account/me', { schema: { response: { 200: MeSchema } } }, async (request) => accounts.me(request.viewer));

  app.post('/api/account/signup', { schema: { body: SignUpSchema, response: { 201: OkSchema, ...errors } } }, async (request, reply) => {
    await limitAttempt(app.db, 'signup', request.ip, request.body.email);
    await accounts.signUp(request.body);
    return reply.code(201).send({ ok: true });
  });

  // A sign-in may wait out its address's delay (up to 30 s); closing the server ends those waits instead of
  // waiting for them.
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());

  app.post(
    '/api/account/login',
    { schema: { body: LoginSchema, response: { 200: MeSchema, ...errors, 503: ApiErrorSchema } } },
    async (request, reply) => {
      const { setCookies, user } = await limitSignIn(
        app.db,
        clock,
        { client: request.ip, address: request.body.email, signal: closing.signal },
        () => accounts.login(request.body, webHeaders(request)),
      );
      forwardCookies(reply, setCookies);
      return accounts.me(user);
    },
  );

  app.post('/api/account/logout', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    if (request.viewer)
      forwardCookies(reply, await accounts.logout(webHeaders(request), { userId: request.viewer.id, sessionId: request.sessionId }));
    return reply.code(204).send(null);
  });

  app.post(
    '/api/account/forgot-password',
    { schema: { body: EmailOnlySchema, response: { 200: OkSchema, ...errors } } },
    async (request) => {
      await limitAttempt(app.db, 'forgotPassword', request.ip, request.body.email);
      await accounts.forgotPassword(request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/account/resend-verification',
    { schema: { body: EmailOnlySchema, response: { 200: OkSchema, ...errors } } },
    async (request) => {
      await limitAttempt(app.db, 'resendVerification', request.ip, request.body.email);
      await accounts.resendVerification(request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/account/verify-email',
    { schema: { body: OobCodeSchema, response: { 200: EmailResultSchema, ...errors } } },
    async (request) => {
      await limitAttempt(app.db, 'actionCode', request.ip);
      return accounts.verifyEmail(request.body.oobCode);
    },
  );

  app.post(
    '/api/account/reset-password',
    { schema: { body: ResetPasswordSchema, response: { 200: OkSchema, ...errors } } },
    async (request) => {
      await limitAttempt(app.db, 'actionCode', request.ip);
      await accounts.resetPassword(request.body.oobCode, request.body.newPassword);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/account/recover-email',
    { schema: { body: OobCodeSchema, response: { 200: EmailResultSchema, ...errors } } },
    async (request) => {
      await limitAttempt(app.db, 'actionCode', request.ip);
      return accounts.recoverEmail(request.body.oobCode);
    },
  );

  app.post(
    '/api/account/password-reset-email',
    { config: { access: 'verified' }, schema: { response: { 200: OkSchema, ...errors } } },
    async (request, reply) => {
      const viewer = requireVerifiedUser(request);
      await limitAttempt(app.db, 'forgotPassword', request.ip, viewer.email);
      forwardCookies(reply, await accounts.sendOwnPasswordReset(viewer, webHeaders(request), request.sessionId));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/account/change-email',
    { config: { access: 'verified' }, schema: { body: ChangeEmailSchema, response: { 200: OkSchema, ...errors } } },
    async (request, reply) => {
      const viewer = requireVerifiedUser(request);
      await accounts.changeEmail(viewer, request.body.email);
      // Every session of the user is gone; the browser's cookie goes too.
      forwardCookies(reply, await accounts.logout(webHeaders(request)));
      return { ok: true as const };
    },
  );

  app.put(
    '/api/account/locale',
    { config: { access: 'verified' }, schema: { body: LocaleChoiceSchema, response: { 200: OkSchema, ...errors } } },
    async (request) => {
      const viewer = requireVerifiedUser(request);
      await accounts.saveLocale(viewer, request.body.locale);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/account/profile',
    { config: { access: 'verified' }, schema: { body: ProfileSchema, response: { 200: ProfileOutputSchema, ...errors } } },
    async (request) => {
      const viewer = requireVerifiedUser(request);
      return accounts.saveProfile(viewer, request.body);
    },
  );

  app.get(
    '/api/account/trusted-contact',
    { config: { access: 'verified' }, schema: { response: { 200: TrustedContactOutputSchema, ...errors } } },
    async (request) => accounts.trustedContact(requireVerifiedUser(request)),
  );

  app.put(
    '/api/account/trusted-contact',
    { config: { access: 'verified' }, schema: { body: TrustedContactSchema, response: { 200: TrustedContactOutputSchema, ...errors } } },
    async (request) => accounts.saveTrustedContact(requireVerifiedUser(request), request.body),
  );

  app.delete(
    '/api/account/trusted-contact',
    { config: { access: 'verified' }, schema: { response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await accounts.removeTrustedContact(requireVerifiedUser(request));
      return reply.code(204).send(null);
    },
  );

  // Whether the trusted contact may approve or decline the customer's estimates (issue 38).
  app.put(
    '/api/account/trusted-contact/estimates',
    { config: { access: 'verified' }, schema: { body: EstimateApprovalSettingSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await accounts.contacts.allowEstimateApproval(requireVerifiedUser(request), request.body.allowed);
      return reply.code(204).send(null);
    },
  );

  await app.register(contactCopiesPages, { accounts });
};

const StopQuerySchema = z.object({
  u: z.string().max(100).default(''),
  e: z.string().max(254).default(''),
  s: z.string().max(100).default(''),
  [LOCALE_QUERY_PARAMETER]: z.string().max(10).optional(),
});

/**
 * The page a trusted contact reaches from "Stop these copies": it asks once more with a button (a link alone
 * must not stop anything: mail scanners follow links), then says it is done, in the copy's language. Plain
 * server-rendered HTML: the contact has no account and needs nothing of the app. A link that does not work gets a
 * page saying so (200: it is a page for a person; the API's errors, in JSON, are for programs).
 */
const contactCopiesPages: FastifyPluginAsyncZod<{ accounts: AccountService }> = async (app, { accounts }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const page = (language: Translator, title: string, body: string) => `<!doctype html>
<html lang="${language.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | ${BUSINESS_NAME}</title><link rel="stylesheet" href="/plain-page.css"></head>
<body><header><p>${BUSINESS_NAME}</p></header><main><h1>${escapeHtml(title)}</h1>${body}</main>
<footer><p>${escapeHtml(language.t(english('Questions? Call {phone} or write to {email}.'), { phone: app.config.support.phone, email: app.config.support.email }))}</p></footer></body></html>`;
  const invalid = (language: Translator) =>
    page(
      language,
      language.t(english('This link does not work')),
      `<p>${escapeHtml(language.t(english('This link is not valid, or the person who named you removed you as their contact. Questions? Call {phone}.'), { phone: app.config.support.phone }))}</p>`,
    );

  app.get('/contact-copies/stop', { schema: { querystring: StopQuerySchema } }, async (request, reply) => {
    const language = translatorFor(request.query[LOCALE_QUERY_PARAMETER]);
    const { u, e, s } = request.query;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!u || !e || !s) return reply.send(invalid(language));
    const title = language.t(english('Stop the copies?'));
    return reply.send(
      page(
        language,
        title,
        `<p>${escapeHtml(language.t(english('You will no longer get copies of visit confirmations, reminders and receipts at {email}.'), { email: e }))}</p>
<form method="post" action="/contact-copies/stop"><input type="hidden" name="u" value="${escapeHtml(u)}"><input type="hidden" name="e" value="${escapeHtml(e)}"><input type="hidden" name="s" value="${escapeHtml(s)}"><input type="hidden" name="${LOCALE_QUERY_PARAMETER}" value="${language.locale}">
<button type="submit">${escapeHtml(language.t(english('Stop these copies')))}</button></form>`,
      ),
    );
  });

  app.post('/contact-copies/stop', { bodyLimit: 4096, schema: { body: StopQuerySchema } }, async (request, reply) => {
    const language = translatorFor(request.body[LOCALE_QUERY_PARAMETER]);
    const { u, e, s } = request.body;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!(await accounts.stopTrustedContactCopies(u, e, s))) return reply.send(invalid(language));
    return reply.send(
      page(
        language,
        language.t(english('The copies are stopped')),
        `<p>${escapeHtml(language.t(english('You will get no more copies at {email}. The customer can name you again from their account if they wish.'), { email: e }))}</p>`,
      ),
    );
  });

  const answerForm = (language: Translator, page: 'agree' | 'refuse', query: { u: string; e: string; s: string }, label: string) =>
    `<form method="post" action="/contact-copies/${page}"><input type="hidden" name="u" value="${escapeHtml(query.u)}"><input type="hidden" name="e" value="${escapeHtml(query.e)}"><input type="hidden" name="s" value="${escapeHtml(query.s)}"><input type="hidden" name="${LOCALE_QUERY_PARAMETER}" value="${language.locale}">
<button type="submit">${escapeHtml(label)}</button></form>`;

  /**
   * The invitation's two links, each a page that asks once more with a button (a link alone answers nothing: mail
   * scanners follow links), then says it is done. A yes keeps the words shown (decision 031); a no puts the address
   * on the suppression list for every customer.
   */
  const answers: Record<
    'agree' | 'refuse',
    {
      ask: (language: Translator, facts: { customer: string; wording: string }, email: string) => { title: string; text: string };
      button: (language: Translator) => string;
      done: (language: Translator, email: string) => { title: string; text: string };
    }
  > = {
    agree: {
      ask: (language, facts) => ({
        title: language.t(english('Get copies of {customer}’s visit messages?'), { customer: facts.customer }),
        text: facts.wording,
      }),
      button: (language) => language.t(english('I agree')),
      done: (language, email) => ({
        title: language.t(english('Thank you: the copies will come')),
        text: language.t(english('You will get copies at {email}. Each one has a link to stop them.'), { email }),
      }),
    },
    refuse: {
      ask: (language, _facts, email) => ({
        title: language.t(english('Refuse the copies?')),
        text: language.t(english('You will get nothing more from us at {email}, and no customer will be able to name you again.'), {
          email,
        }),
      }),
      button: (language) => language.t(english('Refuse')),
      done: (language, email) => ({
        title: language.t(english('You will get nothing more from us')),
        text: language.t(
          english(
            '{email} is off our list: no invitation or copy will be sent to it. If you change your mind, the Agree link in the invitation still works.',
          ),
          { email },
        ),
      }),
    },
  };

  for (const [answer, words] of Object.entries(answers) as Array<[keyof typeof answers, (typeof answers)[keyof typeof answers]]>) {
    app.get(`/contact-copies/${answer}`, { schema: { querystring: StopQuerySchema } }, async (request, reply) => {
      const language = translatorFor(request.query[LOCALE_QUERY_PARAMETER]);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const facts = await accounts.invitationFacts(request.query.u, request.query.e, request.query.s, language);
      if (!facts) return reply.send(invalid(language));
      const { title, text } = words.ask(language, facts, request.query.e);
      return reply.send(
        page(language, title, `<p>${escapeHtml(text)}</p>${answerForm(language, answer, request.query, words.button(language))}`),
      );
    });

    app.post(`/contact-copies/${answer}`, { bodyLimit: 4096, schema: { body: StopQuerySchema } }, async (request, reply) => {
      const language = translatorFor(request.body[LOCALE_QUERY_PARAMETER]);
      const { u, e, s } = request.body;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!(await accounts.answerInvitation(u, e, s, answer, language))) return reply.send(invalid(language));
      const { title, text } = words.done(language, e);
      return reply.send(page(language, title, `<p>${escapeHtml(text)}</p>`));
    });
  }
};
