import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

/** Whether a host name or address is this machine only (the server is then unreachable from others). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

import { z } from 'zod';
import type { ServiceKind } from '../shared/business.ts';
import { DEFAULT_ESTIMATE_OVER_PERCENT } from '../shared/estimates.ts';
import { TAX_CLASSES, type TaxClass } from '../shared/sales-tax.ts';

/**
 * The only reader of process.env. Every variable is parsed here once; a bad value stops the start with a
 * message naming the variable. Secrets left unset are generated once and kept under DATA_DIR.
 */

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().trim().optional());
const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes'),
);
/** A whole number from `min` to `max` (`fallback` when unset), refused with one message naming the range. */
const wholeNumber = (min: number, max: number, fallback: number, message: string) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }).default(fallback),
  );
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/** An http:// address of another machine than this one (localhost, 127.x.x.x, ::1). */
function isPlainHttpElsewhere(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'http:' && !isLoopbackHost(hostname.replace(/^\[(.*)\]$/, '$1'));
  } catch {
    return false;
  }
}
const emailAddress = z.email({ error: 'must be an e-mail address' });

/** A picture on this site ("/images/technician.jpg", no "..") or an https:// address without credentials. */
export function isPhotoAddress(value: string): boolean {
  if (value.startsWith('/')) return /^\/[A-Za-z0-9._~-][A-Za-z0-9._~/-]*$/.test(value) && !value.split('/').includes('..');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A biography's paragraphs: the text split at its line breaks, typed or written as \n (an environment file's). */
export function paragraphsOf(text: string | undefined): string[] {
  return (text ?? '')
    .split(/(?:\r?\n|\\n)+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
const TECHNICIAN_BIO_MAX = 2000;
const biography = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .max(TECHNICIAN_BIO_MAX, { error: `must be at most ${TECHNICIAN_BIO_MAX} characters` })
    .optional(),
);

const taxClass = (fallback: TaxClass) =>
  z.preprocess(emptyToUndefined, z.enum(TAX_CLASSES, { error: 'must be not-taxable, taxable-service or taxable-goods' }).default(fallback));
/** Time is help (not taxable) or work on hardware (a taxable service); it is never goods. */
const timeTaxClass = z.preprocess(
  emptyToUndefined,
  z.enum(['not-taxable', 'taxable-service'], { error: 'must be not-taxable or taxable-service' }).default('not-taxable'),
);

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PORT: wholeNumber(0, 65535, 3000, 'must be a whole number from 0 to 65535'),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('false')
      .transform((value, context): TrustProxy => {
        const trimmed = value.trim();
        if (['false', '0', 'no', 'off'].includes(trimmed)) return false;
        if (/^[1-9]\d?$/.test(trimmed)) return Number(trimmed);
        const addresses = trimmed.split(',').map((entry) => entry.trim());
        if (addresses.every((entry) => isIP(entry.split('/')[0] ?? '') !== 0 && /^[^/]+(\/\d{1,3})?$/.test(entry))) return addresses;
        context.addIssue({
          code: 'custom',
          message:
            trimmed === 'true' || trimmed === 'yes'
              ? 'true would believe any X-Forwarded-For a client sends; give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.5)'
              : 'must be false, the number of proxies in front of the server (1 to 99), or their addresses (e.g. 10.0.0.5,10.0.0.0/24)',
        });
        return z.NEVER;
      }),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  SUPPORT_PHONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\(?\d{3}\)?[ -]?\d{3}-?\d{4}$/, { error: 'must be a US phone number such as (631) 555-0142' })
      .default('(631) 555-0142'),
  ),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, emailAddress.default('support@techhelp.local')),
  /** The business's public review page (Google, Yelp…): the thank-you e-mail and page link to it when set. */
  REVIEW_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_DISABLED: booleanFlag,
  MAIL_FROM: optionalString,
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_ENV: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'live'], { error: 'must be sandbox or live' }).default('sandbox')),
  PAYPAL_API_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  PAYMENTS_TEST_MODE: booleanFlag,
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{7,14}$/, { error: 'must be the number texts come from in E.164, e.g. +16315550142' })
      .optional(),
  ),
  /** Another address for Twilio's REST API: a stand-in server in the tests. */
  TWILIO_API_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  /** Reminder calls for landlines (issue 39, decision 040): off unless true. */
  REMINDER_CALLS: booleanFlag,
  /** The number reminder calls come from (a Twilio number with voice), in E.164; TWILIO_FROM when unset. */
  TWILIO_VOICE_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{7,14}$/, { error: 'must be the number calls come from in E.164, e.g. +16315550142' })
      .optional(),
  ),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  CHAT_MODEL: z.preprocess(emptyToUndefined, z.string().default('gpt-5-nano')),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  ADMIN_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(emailAddress)),
  ),
  MAINTENANCE_MODE: booleanFlag,
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  ERROR_LOG_RETENTION_DAYS: wholeNumber(1, 3650, 90, 'must be a whole number of days from 1 to 3650'),
  /** How long the copy of a delivered e-mail or text stays in the outbox (decision 024). */
  SENT_MESSAGES_KEEP_DAYS: wholeNumber(1, 365, 30, 'must be a whole number of days from 1 to 365'),
  /** Where the embedded database's backups go (default DATA_DIR/backups), how many are kept, and what copies each off the machine. */
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: wholeNumber(1, 365, 14, 'must be a whole number of backups from 1 to 365'),
  BACKUP_COMMAND: optionalString,
  /** The hour (New York time, 0 to 23) after which each night's backup is taken. */
  BACKUP_HOUR: wholeNumber(0, 23, 3, 'must be an hour from 0 to 23'),
  /** Whether the server takes the nightly backup itself (turn it off only when the whole disk is backed up otherwise). */
  BACKUP_NIGHTLY: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
      .default('true')
      .transform((value) => value === 'true' || value === '1' || value === 'yes'),
  ),
  BOOKING_WINDOW_DAYS: wholeNumber(1, 365, 90, 'must be a whole number of days from 1 to 365'),
  /** The tax class each kind of time and a part take unless the owner picks another on the bill (decision 035). */
  TAX_CLASS_TROUBLESHOOTING: timeTaxClass,
  TAX_CLASS_CONSULTING: timeTaxClass,
  TAX_CLASS_PARTS: taxClass('taxable-goods'),
  /** The business's postal address, printed on invoices: one line, e.g. "12 Main St, Bay Shore, NY 11706". */
  BUSINESS_ADDRESS: optionalString,
  /** The technician's name as the "on my way" messages give it, e.g. "Sam Rivera" (issue 39); unset: "Your technician". */
  TECHNICIAN_NAME: z.preprocess(emptyToUndefined, z.string().trim().max(60, { error: 'must be at most 60 characters' }).optional()),
  /** The technician's photo on /services, / and /about (issue 40): a path on this site or an https:// address; unset, a drawing. */
  TECHNICIAN_PHOTO_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine(isPhotoAddress, { error: 'must be a path on this site such as /images/technician.jpg, or an https:// address' })
      .optional(),
  ),
  /** The year the technician started in the trade: the pages count the years of experience from it. */
  TECHNICIAN_SINCE_YEAR: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a year such as 2004' })
      .int({ error: 'must be a year such as 2004' })
      .min(1950, { error: 'must be a year from 1950 on' })
      .refine((year) => year <= new Date().getFullYear(), { error: 'must not be a year still to come' })
      .optional(),
  ),
  /** The technician's biography in English and in Spanish (paragraphs split at line breaks or \n); unset, the built-in one. */
  TECHNICIAN_BIO: biography,
  TECHNICIAN_BIO_ES: biography,
  /** How far (percent) a bill may exceed the customer's approved estimate before the owner must confirm it (issue 38). */
  ESTIMATE_OVER_PERCENT: wholeNumber(0, 100, DEFAULT_ESTIMATE_OVER_PERCENT, 'must be a whole number of percent from 0 to 100'),
  /** How long a waitlist offer holds its slot for the customer it was offered to (issue 39). */
  WAITLIST_OFFER_MINUTES: wholeNumber(5, 24 * 60, 30, 'must be a whole number of minutes from 5 to 1440'),
  /** How many days a customer may wait for at a time. */
  WAITLIST_MAX_DAYS: wholeNumber(1, 20, 3, 'must be a whole number of days from 1 to 20'),
  /** How often the owner's own calendar (its secret ICS address, on the time-off screen) is fetched, in minutes (issue 39). */
  CALENDAR_IMPORT_MINUTES: wholeNumber(1, 1440, 15, 'must be a whole number of minutes from 1 to 1440'),
  /** Lets the calendar import reach this machine and private networks: development and tests only, never production. */
  CALENDAR_IMPORT_ALLOW_PRIVATE: booleanFlag,
});

type Env = z.infer<typeof EnvSchema>;

/** Fastify's trustProxy: off, a number of proxy hops, or the proxies' addresses (never "any header"). */
export type TrustProxy = false | number | string[];

/** Every environment variable the server reads; .env.example documents each one. */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape) as Array<keyof Env>;

export type Config = {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  trustProxy: TrustProxy;
  logLevel: Env['LOG_LEVEL'];
  support: { phone: string; email: string };
  reviewUrl: string | undefined;
  mail: { smtpUrl: string | undefined; from: string; disabled: boolean };
  paypal: { clientId: string; clientSecret: string; env: 'sandbox' | 'live'; apiUrl: string } | undefined;
  /** Twilio for text messages (all three set), or undefined: texts go to the development outbox, or nowhere in production. */
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string | undefined } | undefined;
  /**
   * Reminder calls (REMINDER_CALLS, decision 040), or undefined when off: `from` is the calling number with Twilio;
   * without Twilio (outside production) the calls' words go to the development outbox.
   */
  reminderCalls: { from: string | undefined } | undefined;
  openai: { apiKey: string; baseUrl: string | undefined; model: string } | undefined;
  google: { clientId: string; clientSecret: string } | undefined;
  adminEmails: string[];
  maintenanceMode: boolean;
  /** PAYMENTS_TEST_MODE: payments move no money on purpose (the built-in test mode, or PayPal's sandbox). */
  paymentsTestMode: boolean;
  authSecret: string;
  bookingWindowDays: number;
  /** The tax class of each kind of time and of a part, unless the owner picks another on the bill. */
  tax: { time: Record<ServiceKind, TaxClass>; parts: TaxClass };
  /** The business's postal address for invoices, or '' when not set. */
  businessAddress: string;
  /** The technician's name for the "on my way" messages, or '' when not set (they say "Your technician"). */
  technicianName: string;
  /**
   * What the public pages show of the technician (issue 40): the photo's address (a drawing when unset), the year
   * they started, and the biography's paragraphs in each language (empty: the built-in biography).
   */
  technician: { photoUrl: string | undefined; sinceYear: number | undefined; bio: { en: string[]; es: string[] } };
  /** The most a bill may exceed the approved estimate, in percent, before the owner must confirm it. */
  estimateOverPercent: number;
  /** The waitlist for full days: how long an offer holds its slot, and how many days a customer may wait for. */
  waitlist: { offerMinutes: number; maxDays: number };
  errorLogRetentionDays: number;
  /** Days a delivered e-mail's or text's copy is kept. */
  sentMessagesKeepDays: number;
  backup: { dir: string; keep: number; command: string | undefined; hour: number; nightly: boolean };
  /** The owner's own calendar: minutes between fetches, and whether loopback and private addresses may be fetched. */
  calendarImport: { intervalMinutes: number; allowPrivate: boolean };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function pairProblems(env: Env): string[] {
  const problems: string[] = [];
  const pairs: Array<[keyof Env, keyof Env]> = [
    ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ];
  for (const [a, b] of pairs) {
    if (Boolean(env[a]) !== Boolean(env[b])) {
      const missing = env[a] ? b : a;
      const present = env[a] ? a : b;
      problems.push(`${missing}: must be set when ${present} is set`);
    }
  }
  const twilioSet = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].filter(Boolean).length;
  if (twilioSet > 0 && twilioSet < 3) {
    problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: set all three to send texts, or none');
  }
  if (env.REMINDER_CALLS && twilioSet < 3 && env.NODE_ENV === 'production') {
    problems.push(
      'REMINDER_CALLS: needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM in production (the calls go through Twilio)',
    );
  }
  if (env.TWILIO_VOICE_FROM && twilioSet < 3) problems.push('TWILIO_VOICE_FROM: needs the other Twilio settings (TWILIO_ACCOUNT_SID, …)');
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    problems.push('PUBLIC_URL: must be set in production (links in e-mails are built from it)');
  }
  // Secure cookies, HSTS and upgrade-insecure-requests follow the scheme of PUBLIC_URL: an http:// address in
  // production (a typo) would send every session cookie in the clear. Only this machine may be served over http.
  if (env.NODE_ENV === 'production' && env.PUBLIC_URL && isPlainHttpElsewhere(env.PUBLIC_URL)) {
    problems.push('PUBLIC_URL: must be an https:// address in production (session cookies are Secure and HSTS is sent only then)');
  }
  const paypalConfigured = Boolean(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET);
  if (env.NODE_ENV === 'production' && !paypalConfigured && !env.PAYMENTS_TEST_MODE) {
    problems.push(
      'PAYPAL_CLIENT_ID: must be set in production, with PAYPAL_CLIENT_SECRET; to take test payments that move no money on purpose, set PAYMENTS_TEST_MODE=true',
    );
  }
  // PayPal's sandbox takes no money: in production it runs only when test payments are asked for on purpose.
  if (env.NODE_ENV === 'production' && paypalConfigured && env.PAYPAL_ENV !== 'live' && !env.PAYMENTS_TEST_MODE) {
    problems.push(
      "PAYPAL_ENV: must be live in production (PayPal's sandbox, the default, takes no money): set PAYPAL_ENV=live with your live app's credentials; to run PayPal's sandbox on purpose, every payment labelled TEST and kept out of the totals, set PAYMENTS_TEST_MODE=true",
    );
  }
  // Sessions signed with a secret made up on one machine end when DATA_DIR moves, and differ between instances.
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    problems.push(
      "AUTH_SECRET: must be set in production (at least 32 characters, the same on every server process; make one with: openssl rand -base64 48). A server started before without it kept its secret in DATA_DIR/auth.secret: set AUTH_SECRET to that file's contents to keep everyone signed in",
    );
  }
  if (env.NODE_ENV === 'production' && !env.SMTP_URL && !env.MAIL_DISABLED) {
    problems.push(
      'SMTP_URL: must be set in production (account e-mails carry one-time links); to run without e-mail on purpose, set MAIL_DISABLED=true',
    );
  }
  if (env.NODE_ENV === 'production' && env.CALENDAR_IMPORT_ALLOW_PRIVATE) {
    problems.push(
      'CALENDAR_IMPORT_ALLOW_PRIVATE: must not be true in production (it would let a pasted calendar address reach this machine and your private network)',
    );
  }
  if (env.MAIL_DISABLED && env.SMTP_URL) problems.push('MAIL_DISABLED: must not be true while SMTP_URL is set (one or the other)');
  if (env.PAYMENTS_TEST_MODE && paypalConfigured && env.PAYPAL_ENV === 'live') {
    problems.push(
      "PAYMENTS_TEST_MODE: must not be true with PAYPAL_ENV=live (live PayPal takes real money); for test payments, use PayPal's sandbox credentials with PAYPAL_ENV=sandbox, or no PayPal credentials",
    );
  }
  return problems;
}

/** Reads the secret kept under DATA_DIR, creating it with a fresh random value the first time. */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, `${name}.secret`);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) {
      // Kept by an older version readable by others, perhaps: the owner's only from now on.
      chmodSync(file, 0o600);
      return stored;
    }
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const variable = issue.path.join('.') || 'environment';
        const received = source[variable];
        const shown = received === undefined || /SECRET|KEY|PASSWORD/.test(variable) ? '' : ` (got "${received}")`;
        return `${variable}: ${issue.message}${shown}`;
      }),
    );
  }
  const env = parsed.data;
  const problems = pairProblems(env);
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(env.DATA_DIR);
  const port = env.PORT;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    support: { phone: env.SUPPORT_PHONE, email: env.SUPPORT_EMAIL },
    reviewUrl: env.REVIEW_URL,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `TechHelp <${env.SUPPORT_EMAIL}>`, disabled: env.MAIL_DISABLED },
    paypal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? {
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: env.PAYPAL_CLIENT_SECRET,
            env: env.PAYPAL_ENV,
            apiUrl: env.PAYPAL_API_URL ?? (env.PAYPAL_ENV === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com'),
          }
        : undefined,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, apiUrl: env.TWILIO_API_URL }
        : undefined,
    reminderCalls: env.REMINDER_CALLS ? { from: env.TWILIO_VOICE_FROM ?? env.TWILIO_FROM } : undefined,
    openai: env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, model: env.CHAT_MODEL } : undefined,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    adminEmails: env.ADMIN_EMAILS,
    maintenanceMode: env.MAINTENANCE_MODE,
    paymentsTestMode: env.PAYMENTS_TEST_MODE,
    authSecret: env.AUTH_SECRET ?? persistedSecret(dataDir, 'auth'),
    bookingWindowDays: env.BOOKING_WINDOW_DAYS,
    tax: {
      time: { troubleshooting: env.TAX_CLASS_TROUBLESHOOTING, consulting: env.TAX_CLASS_CONSULTING },
      parts: env.TAX_CLASS_PARTS,
    },
    businessAddress: env.BUSINESS_ADDRESS ?? '',
    technicianName: env.TECHNICIAN_NAME ?? '',
    technician: {
      photoUrl: env.TECHNICIAN_PHOTO_URL,
      sinceYear: env.TECHNICIAN_SINCE_YEAR,
      bio: { en: paragraphsOf(env.TECHNICIAN_BIO), es: paragraphsOf(env.TECHNICIAN_BIO_ES) },
    },
    estimateOverPercent: env.ESTIMATE_OVER_PERCENT,
    waitlist: { offerMinutes: env.WAITLIST_OFFER_MINUTES, maxDays: env.WAITLIST_MAX_DAYS },
    errorLogRetentionDays: env.ERROR_LOG_RETENTION_DAYS,
    sentMessagesKeepDays: env.SENT_MESSAGES_KEEP_DAYS,
    backup: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      keep: env.BACKUP_KEEP,
      command: env.BACKUP_COMMAND,
      hour: env.BACKUP_HOUR,
      nightly: env.BACKUP_NIGHTLY,
    },
    calendarImport: { intervalMinutes: env.CALENDAR_IMPORT_MINUTES, allowPrivate: env.CALENDAR_IMPORT_ALLOW_PRIVATE },
  };
}
