import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.ts';
import { startErrorLogPurge } from './modules/error-log/index.ts';
import { purgeExpiredRateLimits } from './plugins/rate-limit-store.ts';

/**
 * The server's timed work, in one place (issue 37): each minute the due reminders, the payment reconciliation and the
 * nightly backup's check; each hour the purges and the trusted contacts' invitations; and the error log's own purge.
 * Each pass runs once at start, then on its interval; a failure is logged and the next pass runs as usual. What the
 * scheduler needs of each module is declared here, and the modules' services provide it.
 */
export type SchedulerServices = {
  appointments: { sendDueReminders(): Promise<unknown> };
  payments: {
    reconcileStaleCaptures(): Promise<unknown>;
    reconcileStaleRefunds(): Promise<unknown>;
    sendDuePayReminders(): Promise<unknown>;
  };
  backups: { backupIfDue(): Promise<unknown> };
  mail: { purgeDelivered(keepDays: number): Promise<unknown> };
  texts: { purgeDelivered(keepDays: number): Promise<unknown> };
  privacy: { forgetDeliveredAfterDeletion(keepDays: number): Promise<unknown> };
  accounts: { inviteUninvitedContacts(): Promise<unknown> };
  waitlist: { sweep(): Promise<unknown> };
  /** Reminder calls for landlines (decision 040), when REMINDER_CALLS is on. */
  reminderCalls?: { placeDueCalls(): Promise<unknown> } | undefined;
  /** The owner's own calendar, fetched when its interval (CALENDAR_IMPORT_MINUTES) has passed. */
  calendarImport: { fetchIfDue(): Promise<unknown> };
};

export type SchedulerOptions = {
  db: Database;
  services: SchedulerServices;
  /** Whether the nightly backup is on (its hour is the backup service's to decide). */
  nightlyBackup: boolean;
  /** How long delivered e-mails and texts, and a deleted account's messages, are kept. */
  sentMessagesKeepDays: number;
  errorLogRetentionDays: number;
  /** The minute pass's interval (tests shorten it: `reminderIntervalMs`) and the hourly pass's. */
  intervals?: { minuteMs?: number; hourMs?: number };
  log: FastifyBaseLogger;
};

/** Runs each pass once, then starts the timers (unref'd: they never keep the process alive); returns what stops them. */
export async function startScheduler(options: SchedulerOptions): Promise<() => void> {
  const { db, services, log } = options;
  const { waitlist, appointments, payments, backups, mail, texts, privacy, accounts, calendarImport } = services;
  const keepDays = options.sentMessagesKeepDays;

  // Each minute: the visit and pay-link reminders that are due, and the captures a dead process or a silent provider left unfinished
  // (looked up with the provider in the background: a slow provider never holds up the start).
  const eachMinute = async () => {
    void payments
      .reconcileStaleCaptures()
      .then(() => payments.reconcileStaleRefunds())
      .catch((error: unknown) => log.error({ err: error }, 'the payment reconciliation failed'));
    await appointments.sendDueReminders().catch((error: unknown) => log.error({ err: error }, 'the reminder pass failed'));
    await payments.sendDuePayReminders().catch((error: unknown) => log.error({ err: error }, 'the pay-reminder pass failed'));
    // The waitlist's offers run out are handed on, slots free again on full days offered, days gone by closed.
    await waitlist.sweep().catch((error: unknown) => log.error({ err: error }, 'the waitlist pass failed'));
    await services.reminderCalls?.placeDueCalls().catch((error: unknown) => log.error({ err: error }, 'the reminder-call pass failed'));
    // The owner's own calendar when due, in the background (a slow calendar never holds up the pass; its failure is
    // recorded on the import's row and never stops the scheduler).
    void calendarImport.fetchIfDue().catch((error: unknown) => log.error({ err: error }, 'the calendar import pass failed'));
    // The nightly backup, in the background (it is logged and recorded whatever happens).
    if (options.nightlyBackup) {
      void backups.backupIfDue().catch((error: unknown) => log.error({ err: error }, 'the backup check failed'));
    }
  };
  // Each hour: the rate-limit counters that have expired, and the copies of e-mails and texts delivered long enough ago.
  const eachHour = async () => {
    await purgeExpiredRateLimits(db).catch((error: unknown) => log.error({ err: error }, 'the rate-limit purge failed'));
    await mail.purgeDelivered(keepDays).catch((error: unknown) => log.error({ err: error }, 'the sent e-mails purge failed'));
    await texts.purgeDelivered(keepDays).catch((error: unknown) => log.error({ err: error }, 'the sent texts purge failed'));
    await privacy
      .forgetDeliveredAfterDeletion(keepDays)
      .catch((error: unknown) => log.error({ err: error }, 'the deleted accounts purge failed'));
    // Contacts named before invitations existed get theirs (once); until they agree, no copy goes to them.
    await accounts.inviteUninvitedContacts().catch((error: unknown) => log.error({ err: error }, 'the contact invitations failed'));
  };

  await eachMinute();
  const minuteTimer = setInterval(() => void eachMinute(), options.intervals?.minuteMs ?? 60_000);
  minuteTimer.unref();
  const stopErrorLogPurge = await startErrorLogPurge(db, options.errorLogRetentionDays, log);
  await eachHour();
  const hourTimer = setInterval(() => void eachHour(), options.intervals?.hourMs ?? 60 * 60_000);
  hourTimer.unref();
  return () => {
    clearInterval(minuteTimer);
    stopErrorLogPurge();
    clearInterval(hourTimer);
  };
}
