import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHAT_TIMEOUT_MS } from '../shared/chat.ts';
import type { Config } from './config.ts';
import { type ChangeNotices, changeNoticesFor } from './db/change-notices.ts';
import type { Database, Listen } from './db/client.ts';
import {
  AccountService,
  type Auth,
  accountById,
  accountRoutes,
  authHandlerRoutes,
  type Clock,
  codeWordRoutes,
  confirmTextsNumber,
  customersByUserId,
  numberTakenByAnother,
  type PasswordHashing,
  profileOf,
  realClock,
  type SessionCache,
  sessionCacheFor,
  taxPlaceOf,
} from './modules/accounts/index.ts';
import { AdminService, adminRoutes, taxExemptionRoutes } from './modules/admin/index.ts';
import {
  AppointmentLifecycle,
  AppointmentService,
  appointmentRoutes,
  claimReminderCalls,
  EstimateService,
  estimateRoutes,
  openAppointments,
  readAppointment,
  visitCalendarRoutes,
} from './modules/appointments/index.ts';
import { BackupService, backupRoutes, type Dump } from './modules/backups/index.ts';
import { ChatService, chatRoutes, createChatProvider } from './modules/chat/index.ts';
import { ConfigLogService, configLogRoutes } from './modules/config-log/index.ts';
import { ContactService, contactRoutes } from './modules/contact/index.ts';
import { createErrorRecorder, errorLogRoutes } from './modules/error-log/index.ts';
import { EventHub, eventRoutes } from './modules/events/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { devMailboxRoutes, type MailOptions, MailService } from './modules/mail/index.ts';
import {
  forgetPayersOf,
  type PaymentProvider,
  PaymentService,
  PayPalProvider,
  payLinkRoutes,
  paymentRecordsOf,
  paymentRoutes,
  SandboxProvider,
} from './modules/payments/index.ts';
import { PrivacyService, privacyRoutes } from './modules/privacy/index.ts';
import { forgetReviewer, ReviewService, reviewRoutes, reviewsAppointmentListener, reviewsOf } from './modules/reviews/index.ts';
import { CalendarImportService, calendarImportRoutes, ScheduleService, scheduleRoutes } from './modules/schedule/index.ts';
import {
  devTextOutboxRoutes,
  type TextOptions,
  TextService,
  textConsentRoutes,
  textWebhookRoutes,
  twilioSender,
} from './modules/texts/index.ts';
import { ReminderCallService, reminderCallChoiceRoutes, twilioCaller, voiceWebhookRoutes } from './modules/voice/index.ts';
import { forgetWaitlistOf, WaitlistService, waitlistEntriesOf, waitlistHolds, waitlistRoutes } from './modules/waitlist/index.ts';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { serializeRequest } from './plugins/log-redaction.ts';
import { SCRUBBED_LOGGER_OPTIONS, serializeLoggedError } from './plugins/log-scrubbing.ts';
import { maintenancePlugin } from './plugins/maintenance.ts';
import { requestOriginPlugin } from './plugins/request-origin.ts';
import { securityPlugin } from './plugins/security.ts';
import { sessionPlugin } from './plugins/session.ts';
import { spaPlugin } from './plugins/spa.ts';
import { startScheduler } from './scheduler.ts';

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
  /** Retry timing of text delivery and Twilio's timeout (tests shorten them), and the quiet hours' clock (tests fix it). */
  texts?: Pick<TextOptions, 'retryDelaysMs' | 'pollIntervalMs' | 'now'> & { timeoutMs?: number };
  /** The owner's calendar import's time-out and size cap (tests shorten them; 15 s and 5 MB otherwise). */
  calendarImport?: { timeoutMs?: number; maxBytes?: number };
  /** PayPal's client timeout (tests shorten it). */
  paypalTimeoutMs?: number;
  /** How often the scheduler's minute pass (scheduler.ts) looks for due reminders; it also runs once at start. */
  reminderIntervalMs?: number;
  /** How long the chat assistant may take to answer (CHAT_TIMEOUT_MS; tests shorten it). */
  chatTimeoutMs?: number;
  /** Told of every route as it is registered, so that a test can prove it covers them all. */
  onRoute?: (route: RouteOptions) => void;
  /** The embedded database as one archive, for backups (decision 023); undefined on PostgreSQL and in most tests. */
  dump?: Dump;
  /** What the sign-in delays wait on: Node's timers unless a test drives its own. */
  clock?: Clock;
  /** Another password hashing, for the in-process tests only (auth.ts); better-auth's scrypt when unset. */
  passwordHashing?: PasswordHashing;
};

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    mail: MailService;
    texts: TextService;
    accounts: AccountService;
    events: EventHub;
    appointments: AppointmentService;
    waitlist: WaitlistService;
    payments: PaymentService;
    backups: BackupService;
    privacy: PrivacyService;
    /** Reminder calls for landlines (decision 040): undefined unless REMINDER_CALLS is on. */
    reminderCalls: ReminderCallService | undefined;
    sessions: SessionCache;
    /** The database's notices to this process's in-memory copies (decision 025). */
    notices: ChangeNotices;
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

/** Builds the whole application without listening, so tests can drive it with inject(). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            serializers: { req: serializeRequest, err: serializeLoggedError },
            ...SCRUBBED_LOGGER_OPTIONS,
            ...(typeof deps.logger === 'object' ? deps.logger : {}),
          },
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
    { smtpUrl: deps.config.mail.smtpUrl, from: deps.config.mail.from, devMailbox: !deps.config.isProduction, ...deps.mail },
    app.log,
    app.recordError,
  );
  app.decorate('mail', mail);
  const texts = new TextService(
    deps.db,
    {
      accounts: { accountById, profileOf, numberTakenByAnother, confirmTextsNumber },
      sender: deps.config.twilio ? twilioSender({ ...deps.config.twilio, timeoutMs: deps.texts?.timeoutMs }) : undefined,
      isProduction: deps.config.isProduction,
      support: deps.config.support,
      retryDelaysMs: deps.texts?.retryDelaysMs,
      pollIntervalMs: deps.texts?.pollIntervalMs,
      now: deps.texts?.now,
    },
    app.log,
    app.recordError,
  );
  app.decorate('texts', texts);
  const notices = changeNoticesFor(deps.db, deps.listen, app.log);
  app.decorate('notices', notices);
  const accounts = new AccountService(deps.db, mail, deps.config, app.log, texts, deps.passwordHashing);
  app.decorate('auth', accounts.auth);
  app.decorate('accounts', accounts);
  const events = new EventHub(deps.listen, app.log);
  const provider: PaymentProvider = deps.config.paypal
    ? new PayPalProvider({ ...deps.config.paypal, timeoutMs: deps.paypalTimeoutMs })
    : new SandboxProvider();
  // A job's life cycle (appointments/appointment-lifecycle.ts) calls, in this order, what the modules do when a job changes:
  // the booking's own e-mails, then payments (stale orders, pay link, invoice, receipt), then reviews (the thank-you).
  // Each bill's sales tax: the customer's county and exemption (accounts), the classes' defaults (configuration).
  // A bill over the customer's approved estimate by more than ESTIMATE_OVER_PERCENT waits for the owner's confirmation.
  const lifecycle = new AppointmentLifecycle(
    { places: { taxPlaceOf }, defaults: deps.config.tax },
    { overPercent: deps.config.estimateOverPercent },
  );
  // A slot the waitlist holds for one customer (its offer of a freed slot) is taken for everyone else.
  const appointments = new AppointmentService(deps.db, deps.config, mail, lifecycle, texts, notices, waitlistHolds);
  const waitlist = new WaitlistService(deps.db, deps.config, mail, texts, appointments, app.log);
  const payments = new PaymentService(deps.db, deps.config, provider, mail, events, app.recordError, app.log, texts, lifecycle);
  app.decorate('payments', payments);
  lifecycle.listen(appointments.appointmentListener);
  lifecycle.listen(payments.appointmentListener);
  lifecycle.listen(reviewsAppointmentListener(mail, deps.config));
  // Last: a slot freed by a cancellation, a deletion or a move away is offered to the first customer waiting.
  lifecycle.listen(waitlist.appointmentListener);
  app.decorate('events', events);
  app.decorate('appointments', appointments);
  app.decorate('waitlist', waitlist);
  const backups = new BackupService(deps.db, deps.dump, deps.config.backup, app.log, app.recordError);
  app.decorate('backups', backups);
  const chatTimeoutMs = deps.chatTimeoutMs ?? CHAT_TIMEOUT_MS;
  const chat = new ChatService(deps.db, deps.config, createChatProvider(deps.config, chatTimeoutMs), mail, app.recordError, chatTimeoutMs);

  const privacy = new PrivacyService(
    deps.db,
    accounts,
    appointments,
    mail,
    texts,
    { paymentRecordsOf, forgetPayersOf, reviewsOf, forgetReviewer, waitlistOf: waitlistEntriesOf, forgetWaitlistOf },
    deps.config.support.email,
  );
  app.decorate('privacy', privacy);

  // Reminder calls for landlines (decision 040), only when REMINDER_CALLS is on: through Twilio's Calls API, or
  // (outside production, without Twilio) into the development outbox.
  const callsFrom = deps.config.reminderCalls?.from;
  const reminderCalls = deps.config.reminderCalls
    ? new ReminderCallService(
        deps.db,
        { claimReminderCalls, readAppointment },
        texts,
        {
          caller:
            deps.config.twilio && callsFrom
              ? twilioCaller({ ...deps.config.twilio, from: callsFrom, timeoutMs: deps.texts?.timeoutMs })
              : undefined,
          isProduction: deps.config.isProduction,
          publicUrl: deps.config.publicUrl,
          secret: deps.config.authSecret,
          phone: deps.config.support.phone,
        },
        app.log,
        app.recordError,
      )
    : undefined;
  app.decorate('reminderCalls', reminderCalls);

  // The timed work (scheduler.ts): reminders, reconciliation and the backup's check each minute; purges each hour.
  let stopScheduler: (() => void) | undefined;
  app.addHook('onReady', async () => {
    mail.start();
    texts.start();
    await events.start();
    await notices.start();
    stopScheduler = await startScheduler({
      db: deps.db,
      services: { waitlist, appointments, payments, backups, mail, texts, privacy, accounts, calendarImport, reminderCalls },
      nightlyBackup: deps.config.backup.nightly,
      sentMessagesKeepDays: deps.config.sentMessagesKeepDays,
      errorLogRetentionDays: deps.config.errorLogRetentionDays,
      intervals: { minuteMs: deps.reminderIntervalMs },
      log: app.log,
    });
  });
  app.addHook('onClose', async () => {
    stopScheduler?.();
    await events.stop();
    await notices.stop();
    await texts.stop();
    await mail.stop();
  });
  const sessions = sessionCacheFor(notices, accounts.auth);
  app.decorate('sessions', sessions);
  await app.register(sessionPlugin, { resolveSession: sessions.resolve, settle: () => notices.settle() });
  await app.register(requestOriginPlugin);

  await app.register(healthRoutes);
  await app.register(errorLogRoutes);
  await app.register(accountRoutes, { accounts, clock: deps.clock ?? realClock });
  await app.register(codeWordRoutes, { db: deps.db });
  await app.register(appointmentRoutes, { appointments });
  await app.register(visitCalendarRoutes, { config: deps.config, mail });
  await app.register(estimateRoutes, { estimates: new EstimateService(deps.db, deps.config, mail, lifecycle, texts) });
  await app.register(eventRoutes, { hub: events });
  await app.register(paymentRoutes, { payments });
  await app.register(payLinkRoutes, { payments });
  await app.register(reviewRoutes, { reviews: new ReviewService(deps.db, deps.config) });
  await app.register(chatRoutes, { chat });
  await app.register(contactRoutes, { contact: new ContactService(deps.db, mail, deps.config) });
  await app.register(backupRoutes, { backups });
  await app.register(privacyRoutes, { privacy });
  await app.register(adminRoutes, {
    admin: new AdminService(deps.db, mail, payments, appointments, lifecycle, texts),
  });
  await app.register(taxExemptionRoutes, { db: deps.db });
  await app.register(waitlistRoutes, { waitlist, customers: customersByUserId });
  const configLog = new ConfigLogService(deps.db);
  await app.register(configLogRoutes, { configLog });
  const schedule = new ScheduleService(deps.db, configLog, openAppointments, customersByUserId, deps.config.publicUrl);
  await app.register(scheduleRoutes, { schedule });
  // The owner's own calendar (issue 39): fetched by the scheduler, its busy times close slots; its visits listed.
  const calendarImport = new CalendarImportService(deps.db, configLog, (spans) => schedule.affectedBy(spans), app.recordError, app.log, {
    ...deps.config.calendarImport,
    bookingWindowDays: deps.config.bookingWindowDays,
    ...deps.calendarImport,
  });
  await app.register(calendarImportRoutes, { calendarImport });
  await app.register(authHandlerRoutes);
  if (!deps.config.isProduction && mail.usesDevMailbox) await app.register(devMailboxRoutes);
  await app.register(textConsentRoutes, { texts });
  if (reminderCalls) await app.register(reminderCallChoiceRoutes, { calls: reminderCalls });
  if (reminderCalls && deps.config.twilio)
    await app.register(voiceWebhookRoutes, { calls: reminderCalls, authToken: deps.config.twilio.authToken });
  if (deps.config.twilio) await app.register(textWebhookRoutes, { texts, authToken: deps.config.twilio.authToken });
  if (texts.usesDevOutbox) await app.register(devTextOutboxRoutes);

  await app.register(spaPlugin, { webRoot: deps.webRoot ?? DEFAULT_WEB_ROOT });
  return app;
}
