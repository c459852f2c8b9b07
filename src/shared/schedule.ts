import { z } from 'zod';
import { businessDateSchema } from './appointments.ts';
import { SLOT_LABELS } from './business.ts';

/** The owner's control of the schedule: time off (closed days, ranges and slots) and the booking rules. */

export const TIME_OFF_REASON_MAX_LENGTH = 500;
export const MAX_RULE_HOURS = 24 * 14;

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
    .refine((value) => value.to >= value.from, { error: 'The last day must not be before the first.', path: ['to'] }),
  z.object({
    kind: z.literal('slot'),
    date: date('Choose the day of the slot.'),
    slot: z.enum(SLOT_LABELS, { error: 'Choose the time to close.' }),
    reason,
  }),
]);
export type CloseTimeInput = z.infer<typeof CloseTimeSchema>;

/** A booking that falls inside a closure: the owner calls, reschedules or cancels it; it is never dropped. */
export const AffectedBookingSchema = z.object({
  appointmentId: z.string(),
  startsAt: z.string(),
  time: z.string(),
  isRemote: z.boolean(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
});
export type AffectedBooking = z.infer<typeof AffectedBookingSchema>;

export const TimeOffSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  affected: z.array(AffectedBookingSchema),
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

export const SCHEDULE_TEXTS = {
  notFound: 'That time off was not found.',
  alreadyReopened: 'That time off was already reopened.',
  inThePast: 'That time has already passed.',
} as const;
