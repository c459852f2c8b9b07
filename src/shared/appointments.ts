import { z } from 'zod';
import { APPOINTMENT_TEMPLATES } from './appointment-templates.ts';
import { MAX_OPEN_APPOINTMENTS, SLOT_LABELS } from './business.ts';
import { isWeekendDate, parseBusinessDate } from './business-time.ts';
import { english, fillIn } from './english.ts';

/** Rules and texts of spec sections 4, 5 and 8 for appointments, shared by the browser and the server. */

export const DESCRIPTION_MAX_LENGTH = 2000;
export const NOTES_MAX_LENGTH = 2000;

/** A New York day as YYYY-MM-DD that the business-time module can compute with. */
export const businessDateSchema = (message: string) =>
  z.string().refine((value) => parseBusinessDate(value) !== undefined, { error: message });

export const BusinessDateSchema = businessDateSchema(english('Choose a date as YYYY-MM-DD.'));

export const BookAppointmentSchema = z.object({
  date: BusinessDateSchema.refine(isWeekendDate, { error: english('Visits are on Saturdays and Sundays only.') }),
  slot: z.enum(SLOT_LABELS, { error: english('Please select a time before confirming your appointment.') }),
  isRemote: z.boolean(),
});
export type BookAppointment = z.infer<typeof BookAppointmentSchema>;

/** A new day and time for an existing visit; the kind of visit stays. */
export const RescheduleAppointmentSchema = BookAppointmentSchema.pick({ date: true, slot: true });
export type RescheduleAppointment = z.infer<typeof RescheduleAppointmentSchema>;

export const DescriptionSchema = z.object({
  description: z
    .string()
    .trim()
    .min(1, { error: english('Please describe the problem.') })
    .max(DESCRIPTION_MAX_LENGTH, { error: english('Please keep the description under 2000 characters.') }),
});
export type DescriptionInput = z.infer<typeof DescriptionSchema>;

export const AvailabilityQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: english('Choose a month as YYYY-MM.') })
    .refine((month) => parseBusinessDate(`${month}-01`) !== undefined, { error: english('Choose a month as YYYY-MM.') }),
});

/** What a customer receives about their own appointment (and an admin about a customer's, at /adminpayment). */
/** sent: waiting for the customer; approved or declined by them; replaced by a newer estimate of the same job (src/shared/estimates.ts). */
export const ESTIMATE_STATES = ['sent', 'approved', 'declined', 'replaced'] as const;
export type EstimateState = (typeof ESTIMATE_STATES)[number];

/** What the owner's lists show of a job's latest estimate (not replaced), or null when it has none. */
export const EstimateSummarySchema = z.object({ state: z.enum(ESTIMATE_STATES), totalCents: z.number().int() }).nullable();
export type EstimateSummary = z.infer<typeof EstimateSummarySchema>;

export const CustomerAppointmentSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  date: z.string(),
  time: z.string(),
  isRemote: z.boolean(),
  description: z.string(),
  amountCents: z.number().int(),
  isCompleted: z.boolean(),
  isPaid: z.boolean(),
  /**
   * Until when the customer may move or cancel the visit online (the owner's cut-off before its start); null
   * where it does not apply (a completed or paid job) or is not told.
   */
  changeBy: z.string().nullable().default(null),
  /** The job's estimate in force (src/shared/estimates.ts): the customer's list links to one waiting for them. */
  estimate: EstimateSummarySchema.default(null),
  /** "On my way" (issue 39): when the technician left for the visit and when they expect to arrive; null before. */
  onTheWayAt: z.string().nullable().optional(),
  arrivesAt: z.string().nullable().optional(),
});
export type CustomerAppointment = z.infer<typeof CustomerAppointmentSchema>;

/** What availability says about a month: the taken start times and the booking window; nothing else. */
export const AvailabilitySchema = z.object({
  month: z.string(),
  taken: z.array(z.string()),
  now: z.string(),
  lastBookableDate: z.string(),
  /** The owner's time off overlapping the month (start and exclusive end; the reason stays private). */
  closed: z.array(z.object({ startsAt: z.string(), endsAt: z.string() })).default([]),
  /** No booking less than this many hours before the visit. */
  minNoticeHours: z.number().int().default(0),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

export type AppointmentState = { isCompleted: boolean; isPaid: boolean };

export function canCancelAppointment(appointment: AppointmentState): boolean {
  return !appointment.isCompleted && !appointment.isPaid;
}

/** Whether the visit may still be moved or cancelled online at `now` (before the cut-off the server told). */
export function isBeforeChangeDeadline(appointment: Pick<CustomerAppointment, 'changeBy'>, now: number): boolean {
  if (appointment.changeBy === null) return true;
  const deadline = Date.parse(appointment.changeBy);
  return Number.isNaN(deadline) || now < deadline;
}

export function canPayAppointment(appointment: AppointmentState): boolean {
  return appointment.isCompleted && !appointment.isPaid;
}

export function canBookMore(openCount: number): boolean {
  return openCount < MAX_OPEN_APPOINTMENTS;
}

export function appointmentTypeLabel(isRemote: boolean): 'Remote' | 'In-Person' {
  return isRemote ? english('Remote') : english('In-Person');
}

export function formatDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

export const APPOINTMENT_TEXTS = {
  selectTimeToast: english('Select a Time to Confirm!'),
  selectTimeError: english('Please select a time before confirming your appointment.'),
  confirmVisit: (type: 'In-Person' | 'Remote') => fillIn(APPOINTMENT_TEMPLATES.confirmVisit, { type }),
  notSet: english('Error, your appointment was not set. An admin has been notified.'),
  descriptionError: english('Error updating description. Please try again.'),
  cancelConfirm: english('Are you sure you want to cancel the Appointment? If YES select OK'),
  cancelNotAllowedTitle: english('No action allowed!'),
  cancelNotAllowedBody: english('You can not cancel a completed job!'),
  deleteError: english('An error occurred while deleting the appointment.'),
  // The back office's (the error log's and the change log's); it stays in English (decision 016).
  deleteErrorNotified: 'An error occurred while deleting the appointment. An admin has been notified.',
  unknownDeleteError: english('An unknown error occurred during deletion.'),
  payNotAllowedTitle: english('No payment allowed.'),
  payNotAllowedBody: english('The job is not completed yet!'),
  payConfirm: (dollars: string) => fillIn(APPOINTMENT_TEMPLATES.payConfirm, { dollars }),
  rowError: english('Error loading appointment!'),
  // MAX_OPEN_APPOINTMENTS written out (a marked text is one literal); texts.test.ts checks that they agree.
  // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
  limitReached: english('You have 3 open visits, the most you can have at once. You can book again once one is completed or cancelled.'),
  slotTaken: english('Sorry, that time was just booked by someone else. Please choose another time.'),
  profileRequired: english('Please complete the Service Form before booking a visit.'),
  slotClosed: english('That time can no longer be booked. Please choose another time.'),
  notFound: english('That visit was not found.'),
  slotTimeOff: english('Sorry, we are closed at that time. Please choose another time.'),
  slotWithinNotice: (hours: number) => fillIn(APPOINTMENT_TEMPLATES.slotWithinNotice, { hours }),
  rescheduleSameSlot: english('Your visit is already at that time. Please choose another time.'),
  rescheduleNotAllowed: english('A completed or paid visit can not be moved.'),
  rescheduleFailed: english('Your visit could not be moved. Please try again.'),
  rescheduled: (when: string) => fillIn(APPOINTMENT_TEMPLATES.rescheduled, { when }),
  pastCutoff: (hours: number, phone: string) => fillIn(APPOINTMENT_TEMPLATES.pastCutoff, { hours, phone }),
} as const;

/** The words a slot picker shows for a slot the owner's schedule closes. */
export const SLOT_CLOSED_TEXT = { 'time-off': english('Closed'), notice: english('Too soon to book') } as const;
