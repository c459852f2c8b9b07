import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHAT_TIMEOUT_MS } from '../shared/chat.ts';
import type { Config } from './config.ts';
import type { Database, Listen } from './db/client.ts';
import { accountRoutes } from './modules/accounts/account-routes.ts';
import { AccountService } from './modules/accounts/account-service.ts';
import type { Auth } from './modules/accounts/auth.ts';
import { authHandlerRoutes } from './modules/accounts/auth-handler-routes.ts';
import { type Clock, realClock } from './modules/accounts/clock.ts';
import { adminRoutes } from './modules/admin/admin-routes.ts';
import { AdminService } from './modules/admin/admin-service.ts';
import { appointmentRoutes } from './modules/appointments/appointment-routes.ts';
import { AppointmentService, openJobs } from './modules/appointments/appointment-service.ts';
import { chatRoutes } from './modules/chat/chat-routes.ts';
import { ChatService, createChatProvider } from './modules/chat/chat-service.ts';
import { configLogRoutes } from './modules/config-log/config-log-routes.ts';
import { ConfigLogService } from './modules/config-log/config-log-service.ts';
import { errorLogRoutes } from './modules/error-log/error-log-routes.ts';
import { createErrorRecorder, startErrorLogPurge } from './modules/error-log/error-log-service.ts';
import { EventHub } from './modules/events/event-hub.ts';
import { eventRoutes } from './modules/events/event-routes.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { devMailboxRoutes } from './modules/mail/dev-mailbox-routes.ts';
import { type MailOptions, MailService } from './modules/mail/mail-service.ts';
import { type PaymentProvider, SandboxProvider } from './modules/payments/payment-provider.ts';
import { paymentRoutes } from './modules/payments/payment-routes.ts';
import { PaymentService } from './modules/payments/payment-service.ts';
import { PayPalProvider } from './modules/payments/paypal-provider.ts';
import { scheduleRoutes } from './modules/schedule/schedule-routes.ts';
import { ScheduleService } from './modules/schedule/schedule-service.ts';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { serializeRequest } from './plugins/log-redaction.ts';
import { maintenancePlugin } from './plugins/maintenance.ts';
import { purgeExpiredRateLimits } from './plugins/rate-limit-store.ts';
import { requestOriginPlugin } from './plugins/request-origin.ts';
import { securityPlugin } from './plugins/security.ts';
import { type SessionResolver, sessionPlugin } from './plugins/session.ts';
import { spaPlugin } from './plugins/spa.ts';

// src/server/app.ts and dist/server/app.js sit at the same depth, so this names dist/web from both.
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web/', import.meta.url));

/** Largest JSON body any route accepts unless it declares its own, smaller, limit. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export type AppDependencies = {
  config: Config;
  db: Database;
  /** LISTEN on the database, for live updates across instances. */
  listen: Listen;
  webRoot?: string;
  /** Pino logger options, or false for silence in tests. */
  logger?: boolean | object;
  /** Retry timing of e-mail delivery (tests shorten it). */
  mail?: Pick<MailOptions, 'retryDelaysMs' | 'pollIntervalMs'>;
  /** PayPal's client timeout (tests shorten it). */
  paypalTimeoutMs?: number;
  /** How often the reminder scheduler looks for due reminders; it also runs once at start. */
  reminderIntervalMs?: number;
  /** How long the chat assistant may take to answer (CHAT_TIMEOUT_MS; tests shorten it). */
  chatTimeoutMs?: number;
  /** Told of every route as it is registered, so that a test can prove it covers them all. */
  onRoute?: (route: RouteOptions) => void;
  /** What the sign-in delays wait on: Node's timers unless a test drives its own. */
  clock?: Clock;
};

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    mail: MailService;
    accounts: AccountService;
    events: EventHub;
    appointments: AppointmentService;
    payments: PaymentService;
  }
}

/**
 * Whom X-Forwarded-For is believed from: nobody, the nearest `n` proxies (the client is the address the nth
 * proxy saw; whatever a client writes further left is ignored), or the proxies at the given addresses.
 */
export function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** The session plugin's resolver, answered by better-auth: the signed-in user as the rest of the app sees them. */
function authSessionResolver(auth: Auth): SessionResolver {
  return async (headers) => {
    const result = await auth.api.getSession({ headers, returnHeaders: true });
    const found = result.response;
    const session = found && {
      viewer: {
        id: found.user.id,
        email: found.user.email,
        emailVerified: found.user.emailVerified,
        isAdmin: Boolean((found.user as { isAdmin?: boolean }).isAdmin),
      },
      sessionId: found.session.id,
    };
    return { session, setCookies: result.headers.getSetCookie() };
  };
}

/** Builds the whole application without listening, so tests can drive it with inject(). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { level: deps.config.logLevel, serializers: { req: serializeRequest }, ...(typeof deps.logger === 'object' ? deps.logger : {}) },
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  app.decorate('db', deps.db);
  app.decorate('recordError', createErrorRecorder(deps.db, app.log));
  app.decorateRequest('viewerId', undefined);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(cookie);
  await app.register(maintenancePlugin);

  const mail = new MailService(
    deps.db,
    { smtpUrl: deps.config.mail.smtpUrl, from: deps.config.mail.from, ...deps.mail },
    app.log,
    app.recordError,
  );
  app.decorate('mail', mail);
  const accounts = new AccountService(deps.db, mail, deps.config, app.log);
  app.decorate('auth', accounts.auth);
  app.decorate('accounts', accounts);
  const events = new EventHub(deps.listen, app.log);
  const provider: PaymentProvider = deps.config.paypal
    ? new PayPalProvider({ ...deps.config.paypal, timeoutMs: deps.paypalTimeoutMs })
    : new SandboxProvider();
  const payments = new PaymentService(deps.db, deps.config, provider, mail, events, app.recordError, app.log);
  app.decorate('payments', payments);
  const appointments = new AppointmentService(deps.db, deps.config, mail, events, payments);
  app.decorate('events', events);
  app.decorate('appointments', appointments);
  const chatTimeoutMs = deps.chatTimeoutMs ?? CHAT_TIMEOUT_MS;
  const chat = new ChatService(deps.db, deps.config, createChatProvider(deps.config, chatTimeoutMs), mail, app.recordError, chatTimeoutMs);

  let reminderTimer: NodeJS.Timeout | undefined;
  // Each minute: the reminders that are due, and the captures a dead process or a silent provider left unfinished
  // (looked up with the provider in the background: a slow provider never holds up the start).
  const sendReminders = async () => {
    void payments
      .reconcileStaleCaptures()
      .then(() => payments.reconcileStaleRefunds())
      .catch((error: unknown) => app.log.error({ err: error }, 'the payment reconciliation failed'));
    await appointments.sendDueReminders().catch((error: unknown) => app.log.error({ err: error }, 'the reminder pass failed'));
  };
  let stopErrorLogPurge: (() => void) | undefined;
  let counterPurgeTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    mail.start();
    await events.start();
    await sendReminders();
    reminderTimer = setInterval(() => void sendReminders(), deps.reminderIntervalMs ?? 60_000);
    reminderTimer.unref();
    stopErrorLogPurge = await startErrorLogPurge(deps.db, deps.config.errorLogRetentionDays, app.log);
    const purgeCounters = () =>
      purgeExpiredRateLimits(deps.db).catch((error: unknown) => app.log.error({ err: error }, 'the rate-limit purge failed'));
    await purgeCounters();
    counterPurgeTimer = setInterval(() => void purgeCounters(), 60 * 60_000);
    counterPurgeTimer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(reminderTimer);
    stopErrorLogPurge?.();
    clearInterval(counterPurgeTimer);
    await events.stop();
    await mail.stop();
  });
  await app.register(sessionPlugin, { resolveSession: authSessionResolver(accounts.auth) });
  await app.register(requestOriginPlugin);

  await app.register(healthRoutes);
  await app.register(errorLogRoutes);
  await app.register(accountRoutes, { accounts, clock: deps.clock ?? realClock });
  await app.register(appointmentRoutes, { appointments });
  await app.register(eventRoutes, { hub: events });
  await app.register(paymentRoutes, { payments });
  await app.register(chatRoutes, { chat });
  await app.register(adminRoutes, { admin: new AdminService(deps.db, mail, payments, events, appointments) });
  const configLog = new ConfigLogService(deps.db);
  await app.register(configLogRoutes, { configLog });
  await app.register(scheduleRoutes, { schedule: new ScheduleService(deps.db, configLog, openJobs, deps.config.publicUrl) });
  await app.register(authHandlerRoutes);
  if (!deps.config.isProduction && mail.usesDevMailbox) await app.register(devMailboxRoutes);

  await app.register(spaPlugin, { webRoot: deps.webRoot ?? DEFAULT_WEB_ROOT });
  return app;
}
