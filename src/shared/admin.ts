import { z } from 'zod';
import { businessDateSchema, DESCRIPTION_MAX_LENGTH, NOTES_MAX_LENGTH } from './appointments.ts';
import { minutesBetween, SERVICE_KINDS, TIME_OF_DAY_PATTERN } from './billing.ts';
import { LOCALE_NAMES, LOCALES, type Locale } from './locale.ts';
import { MAX_AMOUNT_CENTS } from './payments.ts';
import { BillTaxSchema, JURISDICTIONS, TaxClassSchema } from './sales-tax.ts';

/** The back office's rules and texts (spec sections 2, 4, 5 and 8). */

export const CONFIG_COLLECTIONS = ['database', 'hardware', 'software'] as const;
export type ConfigCollection = (typeof CONFIG_COLLECTIONS)[number];
export const MANUAL_PAYMENT_METHODS = ['cash', 'check', 'card'] as const;
export const ERROR_LOG_PAGE_SIZE = 25;

/** Why the owner's move of a visit was refused, in the back office's words (the customer's speak of "your visit"). */
export const OWNER_MOVE_TEXTS = {
  sameSlot: 'The visit is already at that time. Choose another time.',
  slotTaken: 'Another visit is booked at that time. Choose another time, or move that visit first.',
  timeOff: 'That time is closed on your schedule (Time off). Choose another time, or reopen it first.',
  /** Thrown with its value (`{ windowDays }`), which HttpError fills in. */
  unbookable: 'That time has passed or is more than {windowDays} days ahead. Choose another time.',
} as const;
export const CONFIG_FIELD_MAX_LENGTH = 2000;

/** Dollars and cents, at most $10,000.00; an amount that does not parse is refused, never replaced. */
export const DollarAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,5}(\.\d{1,2})?$/, { error: 'Enter the amount in dollars and cents, like 75.00.' })
  .transform((value) => Math.round(Number(value) * 100))
  .refine((cents) => cents <= MAX_AMOUNT_CENTS, { error: 'The amount can be at most $10,000.00.' });

/** A bill from the clock whose lines come to more than a job can be charged (each line is capped above). */
export const BILL_TOO_LARGE =
  'The bill comes to more than $10,000.00, the most a job can be charged. Check the parts, or charge a different amount with a reason.';

/** A time of the visit's day, as the owner's clock said it: "HH:MM", 24-hour. */
export const WorkTimeSchema = z.string().regex(TIME_OF_DAY_PATTERN, { error: 'Enter the time as HH:MM, like 09:30.' });
export const HARDWARE_LINES_MAX = 10;
export const HARDWARE_DESCRIPTION_MAX_LENGTH = 100;
export const OVERRIDE_REASON_MAX_LENGTH = 500;
export const WORK_DONE_MAX_LENGTH = 1000;

/**
 * The parts (or lines of their own) on a bill or an estimate, each with its price in dollars (whole cents once parsed)
 * and its tax class: a part sold is taxable goods, a line for work on hardware a taxable service (configuration's
 * default when absent).
 */
export const HardwareLinesSchema = z
  .array(
    z.object({
      description: z
        .string()
        .trim()
        .min(1, { error: 'Name the part.' })
        .max(HARDWARE_DESCRIPTION_MAX_LENGTH, { error: `At most ${HARDWARE_DESCRIPTION_MAX_LENGTH} characters.` }),
      amount: DollarAmountSchema,
      taxClass: TaxClassSchema.optional(),
    }),
  )
  .max(HARDWARE_LINES_MAX, { error: `At most ${HARDWARE_LINES_MAX} parts.` })
  .default([]);

/**
 * What the owner enters when a job is done (the bill from the clock): the kind of work, when it started and ended,
 * the hardware fitted, and, when the amount must differ from the bill, the amount and why. The server computes the
 * bill (src/shared/billing.ts) and sets the amount from it.
 */
export const AppointmentWorkSchema = z
  .object({
    kind: z.enum(SERVICE_KINDS, { error: 'Choose troubleshooting or consulting.' }),
    /**
     * The tax class of the time: help with software, training or consulting is not taxable; installing, repairing or
     * maintaining hardware is a taxable service. Configuration's default for the kind when absent.
     */
    timeTaxClass: TaxClassSchema.optional(),
    start: WorkTimeSchema,
    end: WorkTimeSchema,
    hardware: HardwareLinesSchema,
    override: z
      .object({
        amount: DollarAmountSchema,
        reason: z
          .string()
          .trim()
          .min(3, { error: 'Say why the amount differs from the bill.' })
          .max(OVERRIDE_REASON_MAX_LENGTH, { error: `At most ${OVERRIDE_REASON_MAX_LENGTH} characters.` }),
      })
      .optional(),
  })
  .refine((work) => minutesBetween(work.start, work.end) !== null, { path: ['end'], error: 'The end must come after the start.' });
export type AppointmentWork = z.output<typeof AppointmentWorkSchema>;

/** The bill kept with a job: what the clock and the hardware came to, and the amount charged if the owner changed it. */
export const StoredBillSchema = z.object({
  kind: z.enum(SERVICE_KINDS),
  start: z.string(),
  end: z.string(),
  minutes: z.number().int(),
  lines: z.array(
    z.object({
      text: z.string(),
      values: z.record(z.string(), z.union([z.string(), z.number()])),
      cents: z.number().int(),
      taxClass: TaxClassSchema.optional(),
    }),
  ),
  /** What the lines add up to, before tax. */
  computedCents: z.number().int(),
  /** Before tax: the computed amount, or the owner's with a reason. Absent on bills from before sales tax. */
  subtotalCents: z.number().int().optional(),
  /** The sales tax (src/shared/sales-tax.ts); absent on bills from before it. */
  tax: BillTaxSchema.optional(),
  /** The amount charged: the subtotal and the tax. */
  totalCents: z.number().int(),
  overrideReason: z.string().nullable(),
});
export type StoredBill = z.infer<typeof StoredBillSchema>;

/**
 * The owner's notes as written: the stored default ("Enter notes here", spec section 3) is a prompt, not a note, so
 * lists and the edit dialog show it empty.
 */
export function notesAsWritten(notes: string): string {
  return notes === ADMIN_TEXTS.defaultNotes ? '' : notes;
}

export const AdminAppointmentUpdateSchema = z
  .object({
    description: z
      .string()
      .trim()
      .max(DESCRIPTION_MAX_LENGTH, { error: `At most ${DESCRIPTION_MAX_LENGTH} characters.` }),
    notes: z
      .string()
      .trim()
      .max(NOTES_MAX_LENGTH, { error: `At most ${NOTES_MAX_LENGTH} characters.` }),
    /** The work done, for the customer's invoice. */
    workDone: z
      .string()
      .trim()
      .max(WORK_DONE_MAX_LENGTH, { error: `At most ${WORK_DONE_MAX_LENGTH} characters.` }),
    isCompleted: z.boolean(),
    isPaid: z.boolean(),
    isRemote: z.boolean(),
    amount: DollarAmountSchema,
    /** How a payment ticked by hand was made. */
    paymentMethod: z.enum(MANUAL_PAYMENT_METHODS),
    /** The bill from the clock, which sets the amount (so `amount` is not sent with it). */
    work: AppointmentWorkSchema,
    /** The owner checked with the customer a bill over the approved estimate by more than the share (src/shared/estimates.ts). */
    confirmOverEstimate: z.boolean(),
  })
  .partial()
  .refine((update) => update.work === undefined || update.amount === undefined, {
    path: ['amount'],
    error: 'The amount comes from the bill: change it there, with a reason.',
  })
  .refine((update) => !update.isPaid || update.paymentMethod !== undefined, {
    path: ['paymentMethod'],
    error: 'Choose how the customer paid: cash, check or card.',
  });
export type AdminAppointmentUpdate = z.input<typeof AdminAppointmentUpdateSchema>;
export type AdminAppointmentChanges = z.output<typeof AdminAppointmentUpdateSchema>;

/** The paid list's period: New York days the business-time module turns into instants. */
export const PeriodQuerySchema = z.object({
  from: businessDateSchema('Choose the first day as YYYY-MM-DD.').optional(),
  to: businessDateSchema('Choose the last day as YYYY-MM-DD.').optional(),
});

export const ErrorLogQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const ConfigChangeSchema = z.object({
  date: z.iso.date({ error: 'Date is required.' }),
  time: z.string().regex(TIME_OF_DAY_PATTERN, { error: 'Time is required.' }),
  collectionName: z.enum(CONFIG_COLLECTIONS, { error: 'Choose database, hardware or software.' }),
  context: z.string().trim().min(1, { error: 'Context is required.' }).max(CONFIG_FIELD_MAX_LENGTH),
  description: z.string().trim().min(1, { error: 'Description is required.' }).max(CONFIG_FIELD_MAX_LENGTH),
});
export type ConfigChangeInput = z.infer<typeof ConfigChangeSchema>;

export const AdminCustomerSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  /** The customer's saved language (decision 016): the one their e-mails and screens are in. */
  locale: z.enum(LOCALES),
  /** The customer asked for texts (and the number has not replied STOP): the agenda offers "On my way". */
  wantsTexts: z.boolean().optional(),
  /**
   * The word the technician says at the door (issue 39); null before the customer's first booking. Only beside an
   * in-person visit of today (decision 038): absent from every other row, list and answer.
   */
  codeWord: z.string().nullable().optional(),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;

/** What the back office shows in place of a customer who deleted their account (decision 024). */
export const DELETED_ACCOUNT_NAME = 'Deleted account';

/** POST /api/admin/appointments/:id/on-my-way (src/shared/on-the-way.ts): its refusals. */
export const ON_MY_WAY_TEXTS = {
  notInPerson: 'Only an in-person visit gets "on my way": for a remote visit, call the customer at its time.',
  notToday: '"On my way" can be sent only on the day of the visit.',
  finished: 'This visit is already completed or paid.',
};

/** A customer's language as the back office names it: each in itself, as the header's switch does. */
export function customerLanguageName(locale: Locale): string {
  return LOCALE_NAMES[locale];
}

// The estimates' states and summary live with the appointments (src/shared/appointments.ts), which the customer's list uses too.
import { EstimateSummarySchema } from './appointments.ts';

export { ESTIMATE_STATES, type EstimateState, type EstimateSummary, EstimateSummarySchema } from './appointments.ts';

export const AdminAppointmentSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  time: z.string(),
  isRemote: z.boolean(),
  description: z.string(),
  notes: z.string(),
  /** What was done, in the owner's words for the customer (the invoice prints it); '' when not written. */
  workDone: z.string().default(''),
  amountCents: z.number().int(),
  isCompleted: z.boolean(),
  isPaid: z.boolean(),
  /** The bill from the clock, once the owner has entered the time of the work. */
  bill: StoredBillSchema.nullable(),
  /** "On my way" was sent: when the owner expects to arrive (issue 39); null before. */
  arrivesAt: z.string().nullable().optional(),
  customer: AdminCustomerSchema,
  /** The latest estimate (src/shared/estimates.ts), or null; absent from answers of before estimates. */
  estimate: EstimateSummarySchema.optional(),
});
export type AdminAppointment = z.infer<typeof AdminAppointmentSchema>;

/** A payment's sales tax, as the paid list and its CSV show it. */
export const PaidSalesTaxSchema = z.object({
  jurisdiction: z.enum(JURISDICTIONS),
  rate: z.number().int().nonnegative(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  exempt: z.boolean(),
});
export type PaidSalesTax = z.infer<typeof PaidSalesTaxSchema>;

export const PaidEntrySchema = AdminAppointmentSchema.extend({
  payment: z.object({
    id: z.string(),
    provider: z.enum(['paypal', 'sandbox', 'manual']),
    method: z.string().nullable(),
    amountCents: z.number().int(),
    capturedAt: z.string(),
    reference: z.string(),
    takenBy: z.enum(['customer', 'admin']),
    /** Taken in test mode or through PayPal's sandbox: no money moved, never counted in the total. */
    isTest: z.boolean(),
    refundedAt: z.string().nullable(),
    refundReference: z.string().nullable(),
    /**
     * The sales tax in the amount, from the bill paid (src/shared/sales-tax-report.ts, as the sales-tax report counts
     * it): the county, the rate, what was sold before tax and the tax; `exempt` when the customer's certificate
     * kept it from tax. Null when the bill has no tax (an amount typed by hand, a bill from before sales tax).
     */
    salesTax: PaidSalesTaxSchema.nullable(),
  }),
});
export type PaidEntry = z.infer<typeof PaidEntrySchema>;

/**
 * Where a payment stands in the books: `paid` (money in force), `refunded` (given back), `test` (a TEST payment in
 * force: test mode or PayPal's sandbox, never money) or `test-refunded` (a TEST payment given back). Only `paid`
 * counts in the paid list's total, only `test` in the TEST total; refunds of either count in neither.
 */
export function paymentStanding(
  payment: Pick<PaidEntry['payment'], 'isTest' | 'refundedAt'>,
): 'paid' | 'refunded' | 'test' | 'test-refunded' {
  if (payment.isTest) return payment.refundedAt === null ? 'test' : 'test-refunded';
  return payment.refundedAt === null ? 'paid' : 'refunded';
}

/**
 * The paid list's sums: money in force, money given back, and TEST payments in force (never money); `taxCents` is the
 * sales tax within `totalCents`.
 */
export const PaidTotalsSchema = z.object({
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  testCents: z.number().int(),
  taxCents: z.number().int(),
});
export type PaidTotals = z.infer<typeof PaidTotalsSchema>;
export const PaidListSchema = PaidTotalsSchema.extend({ entries: z.array(PaidEntrySchema) });
export type PaidList = z.infer<typeof PaidListSchema>;

export const AUDIT_ACTIONS = [
  'update',
  'delete',
  'payment',
  'payment-pending',
  'refund',
  'refund-pending',
  'reschedule',
  'cancel',
  'on-my-way',
  'phone-confirmed',
  'pay-link',
] as const;
export const AuditEntrySchema = z.object({
  at: z.string(),
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** An admin's edit saved: the appointment as it is now, and whether this edit completed or paid it. */
export const UpdateOutcomeSchema = z.object({ appointment: AdminAppointmentSchema, completedNow: z.boolean(), paidNow: z.boolean() });
export type UpdateOutcome = z.infer<typeof UpdateOutcomeSchema>;

/** One entry of the error log as the back office lists it (the spec's field names). */
export const ErrorEntrySchema = z.object({
  errorID: z.string(),
  day: z.string(),
  time: z.string(),
  userId: z.string(),
  errorMessage: z.string(),
  appointmentIdentifier: z.string(),
  componentName: z.string(),
});
export type ErrorEntry = z.infer<typeof ErrorEntrySchema>;
export const ErrorPageSchema = z.object({ page: z.number(), pageSize: z.number(), total: z.number(), entries: z.array(ErrorEntrySchema) });
export type ErrorPage = z.infer<typeof ErrorPageSchema>;

/** A configuration change-log entry as stored. */
export const ConfigEntrySchema = z.object({
  id: z.string(),
  date: z.string(),
  time: z.string(),
  collectionName: z.enum(CONFIG_COLLECTIONS),
  context: z.string(),
  description: z.string(),
});
export type ConfigChange = z.infer<typeof ConfigEntrySchema>;

export const ADMIN_TEXTS = {
  updatedScheduled: 'Appointment Updated in scheduled collection.',
  createdCompleted: 'Appointment created in completed collection.',
  completeError: 'Error completing appointment - an entry on the error table has been created.',
  updateError: 'Error updating appointment - an entry on the error table has been created.',
  deleted: 'Appointment Deleted',
  updated: 'Appointment Updated',
  deletedBoth: 'Appointment Deleted from tables: Appointments and Completed',
  deletedRecords: 'Successfully deleted records!',
  deleteConfirm: 'Are you sure you want to delete this Appointment? Is it completed or paid? Double Check!',
  noCompleted: 'No appointments completed',
  noPaid: 'No appointments scheduled',
  noErrors: 'No appointments scheduled',
  dashboard: 'Admin Dashboard',
  changeLogSaved: 'Change Log entry submitted successfully!',
  changeLogError: 'Error submitting form. Please try again.',
  defaultNotes: 'Enter notes here',
} as const;
