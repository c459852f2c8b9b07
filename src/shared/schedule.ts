import { z } from 'zod';
import { businessDateSchema } from './appointments.ts';
import { SLOT_LABELS, type SlotLabel } from './business.ts';
import { isSlotLabel, parseBusinessDate } from './business-time.ts';

/** The owner's control of the schedule: time off (closed days, ranges and slots) and the booking rules. */

export const TIME_OFF_REASON_MAX_LENGTH = 500;
export const MAX_RULE_HOURS = 24 * 14;
/** The longest range one closure may cover, both days included: a year. A longer one is a typo in the year. */
export const MAX_CLOSED_RANGE_DAYS = 366;
export const RANGE_TOO_LONG = `A closure can cover at most ${MAX_CLOSED_RANGE_DAYS} days. Check the year of the last day.`;

/** How many days from `from` to `to`, both included (dates as YYYY-MM-DD, checked before). */
function daysIncluded(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const reason = z
  .string()
  .trim()
  .max(TIME_OFF_REASON_MAX_LENGTH, { error: `Please keep the reason under ${TIME_OFF_REASON_MAX_LENGTH} characters.` });
const date = (message: string) => businessDateSchema(message);

/** Close time: a single day, a range of days (both included), or one slot of a day. Days are New York days. */
export const CloseTimeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('day'), date: date('Choose the day to close.'), reason }),
  z
    .object({
      kind: z.literal('range'),
      from: date('Choose the first day to close.'),
      to: date('Choose the last day to close.'),
      reason,
    })
    .refine((value) => value.to >= value.from, { error: 'The last day must not be before the first.', path: ['to'] })
    .refine((value) => value.to < value.from || daysIncluded(value.from, value.to) <= MAX_CLOSED_RANGE_DAYS, {
      error: RANGE_TOO_LONG,
      path: ['to'],
    }),
  z.object({
    kind: z.literal('slot'),
    date: date('Choose the day of the slot.'),
    slot: z.enum(SLOT_LABELS, { error: 'Choose the time to close.' }),
    reason,
  }),
]);
export type CloseTimeInput = z.infer<typeof CloseTimeSchema>;

export const CLOSE_KINDS = ['day', 'range', 'slot'] as const;

/** The back office's close-time form: flat fields, the ones its kind needs checked; `closeTimeOf` makes the request. */
export const CloseTimeFormSchema = z
  .object({
    kind: z.enum(CLOSE_KINDS, { error: 'Choose what to close.' }),
    from: date('Choose the day to close.'),
    to: z.string(),
    slot: z.string(),
    reason,
  })
  .superRefine((value, context) => {
    if (value.kind === 'range') {
      if (!parseBusinessDate(value.to)) context.addIssue({ code: 'custom', path: ['to'], message: 'Choose the last day to close.' });
      else if (value.to < value.from)
        context.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first.' });
      else if (daysIncluded(value.from, value.to) > MAX_CLOSED_RANGE_DAYS)
        context.addIssue({ code: 'custom', path: ['to'], message: RANGE_TOO_LONG });
    }
    if (value.kind === 'slot' && !isSlotLabel(value.slot)) {
      context.addIssue({ code: 'custom', path: ['slot'], message: 'Choose the time to close.' });
    }
  });
export type CloseTimeForm = z.infer<typeof CloseTimeFormSchema>;

export function closeTimeOf(form: CloseTimeForm): CloseTimeInput {
  if (form.kind === 'range') return { kind: 'range', from: form.from, to: form.to, reason: form.reason };
  if (form.kind === 'slot') return { kind: 'slot', date: form.from, slot: form.slot as SlotLabel, reason: form.reason };
  return { kind: 'day', date: form.from, reason: form.reason };
}

/** A booking that falls inside a closure: the owner calls, reschedules or cancels it; it is never dropped. */
export const AffectedAppointmentSchema = z.object({
  appointmentId: z.string(),
  startsAt: z.string(),
  time: z.string(),
  isRemote: z.boolean(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
});
export type AffectedAppointment = z.infer<typeof AffectedAppointmentSchema>;

export const TimeOffSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  affected: z.array(AffectedAppointmentSchema),
});
export type TimeOff = z.infer<typeof TimeOffSchema>;

const hours = (what: string) =>
  z
    .number({ error: `Enter the ${what} in whole hours.` })
    .int({ error: `Enter the ${what} in whole hours.` })
    .min(0, { error: `The ${what} cannot be negative.` })
    .max(MAX_RULE_HOURS, { error: `The ${what} can be at most ${MAX_RULE_HOURS} hours.` });

export const BookingRulesSchema = z.object({
  minNoticeHours: hours('minimum notice'),
  cutoffHours: hours('cut-off'),
});
export type BookingRules = z.infer<typeof BookingRulesSchema>;

/**
 * The owner's private calendar feed: whether one is set, and since when. Its address is shown once, when made;
 * only a hash of its secret is kept.
 */
export const CalendarFeedStatusSchema = z.object({ isSet: z.boolean(), since: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

export const CalendarFeedAddressSchema = z.object({ url: z.string() });
export type CalendarFeedAddress = z.infer<typeof CalendarFeedAddressSchema>;

/** The longest calendar address the owner may paste (Google's, iCloud's and Outlook's are far shorter). */
export const CALENDAR_ADDRESS_MAX_LENGTH = 2048;

/**
 * The owner's own calendar (issue 39): the secret iCalendar address they paste. webcal:// is read as https://; only
 * web addresses (http, https) are taken. The server checks it again, and where it leads (a public address only).
 */
export const CalendarImportAddressSchema = z.object({
  url: z
    .string({ error: 'Paste the secret address of your calendar.' })
    .trim()
    .min(1, { error: 'Paste the secret address of your calendar.' })
    .max(CALENDAR_ADDRESS_MAX_LENGTH, { error: `That address is too long (at most ${CALENDAR_ADDRESS_MAX_LENGTH} characters).` })
    .regex(/^(https?|webcals?):\/\/[^\s/?#]+/i, {
      error: 'That is not a calendar address: it starts with https:// or webcal://.',
    }),
});
export type CalendarImportAddress = z.infer<typeof CalendarImportAddressSchema>;

/**
 * How the import of the owner's calendar stands: never the whole address (it holds a secret), only its host and a
 * masked rest; the last fetch and the last good one, the busy times read, the error in words, whether it has failed
 * for an hour, and the open visits a busy time overlaps (booked before it appeared; the owner moves them).
 */
export const CalendarImportStatusSchema = z.object({
  isSet: z.boolean(),
  host: z.string().nullable(),
  maskedAddress: z.string().nullable(),
  fetchedAt: z.string().nullable(),
  succeededAt: z.string().nullable(),
  busyCount: z.number().int(),
  error: z.string().nullable(),
  failingSince: z.string().nullable(),
  failingForAnHour: z.boolean(),
  intervalMinutes: z.number().int(),
  affected: z.array(AffectedAppointmentSchema),
});
export type CalendarImportStatus = z.infer<typeof CalendarImportStatusSchema>;

export const SCHEDULE_TEXTS = {
  calendarAddressInvalid: 'That is not a calendar address: it starts with https:// or webcal://.',
  feedNotFound: 'That calendar was not found.',
  notFound: 'That time off was not found.',
  alreadyReopened: 'That time off was already reopened.',
  inThePast: 'That time has already passed.',
} as const;
