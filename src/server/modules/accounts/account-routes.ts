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
import { forwardCookies, requireVerifiedUser, webHeaders } from '../../plugins/session.ts';
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

  app.post('/api/account/password-reset-email', { schema: { response: { 200: OkSchema, ...errors } } }, async (request, reply) => {
    const viewer = requireVerifiedUser(request);
    await limitAttempt(app.db, 'forgotPassword', request.ip, viewer.email);
    forwardCookies(reply, await accounts.sendOwnPasswordReset(viewer, webHeaders(request), request.sessionId));
    return { ok: true as const };
  });

  app.post(
    '/api/account/change-email',
    { schema: { body: ChangeEmailSchema, response: { 200: OkSchema, ...errors } } },
    async (request, reply) => {
      const viewer = requireVerifiedUser(request);
      await accounts.changeEmail(viewer, request.body.email);
      // Every session of the user is gone; the browser's cookie goes too.
      forwardCookies(reply, await accounts.logout(webHeaders(request)));
      return { ok: true as const };
    },
  );

  app.put('/api/account/locale', { schema: { body: LocaleChoiceSchema, response: { 200: OkSchema, ...errors } } }, async (request) => {
    const viewer = requireVerifiedUser(request);
    await accounts.saveLocale(viewer, request.body.locale);
    return { ok: true as const };
  });

  app.put(
    '/api/account/profile',
    { schema: { body: ProfileSchema, response: { 200: ProfileOutputSchema, ...errors } } },
    async (request) => {
      const viewer = requireVerifiedUser(request);
      return accounts.saveProfile(viewer, request.body);
    },
  );
};
