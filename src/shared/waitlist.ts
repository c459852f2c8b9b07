import { z } from 'zod';
import { BusinessDateSchema } from './appointments.ts';
import { isWeekendDate } from './business-time.ts';
import { english, fillIn } from './english.ts';

/**
 * The waitlist for full weekend days (issue 39, decision 039): a signed-in customer waits for a day whose every slot
 * is taken or closed; when a slot of it frees, the first waiting customer is offered it, held for them for a while
 * (WAITLIST_OFFER_MINUTES), then the next. Shared by the browser and the server.
 */

/** waiting: in line; offered: a slot is held for them; booked, lapsed, left, closed (the day passed): ended. */
export const WAITLIST_ENTRY_STATES = ['waiting', 'offered', 'booked', 'lapsed', 'left', 'closed'] as const;
export type WaitlistEntryState = (typeof WAITLIST_ENTRY_STATES)[number];

export const JoinWaitlistSchema = z.object({
  date: BusinessDateSchema.refine(isWeekendDate, { error: english('Visits are on Saturdays and Sundays only.') }),
});
export type JoinWaitlist = z.infer<typeof JoinWaitlistSchema>;

/** The customer's offer, while a slot is held for them. */
export const WaitlistOfferSlotSchema = z.object({
  startsAt: z.string(),
  /** The slot's label, e.g. 09:30am. */
  slot: z.string(),
  expiresAt: z.string(),
});

/** One of the customer's own days on the list (waiting, or with an offer). */
export const WaitlistEntrySchema = z.object({
  id: z.string(),
  date: z.string(),
  state: z.enum(WAITLIST_ENTRY_STATES),
  joinedAt: z.string(),
  offer: WaitlistOfferSlotSchema.nullable(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

export const WaitlistEntriesSchema = z.object({ entries: z.array(WaitlistEntrySchema), maxDays: z.number().int() });
export type WaitlistEntries = z.infer<typeof WaitlistEntriesSchema>;

/** Booking the held slot from the offer's page: the kind of visit, as any booking asks. */
export const BookOfferSchema = z.object({ isRemote: z.boolean() });
export type BookOffer = z.infer<typeof BookOfferSchema>;

/** The owner's view of one day's list, in the order they joined. */
export const AdminWaitlistDaySchema = z.object({
  date: z.string(),
  entries: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      joinedAt: z.string(),
      state: z.enum(WAITLIST_ENTRY_STATES),
      offeredStartsAt: z.string().nullable(),
      offerExpiresAt: z.string().nullable(),
    }),
  ),
});
export const AdminWaitlistSchema = z.object({ days: z.array(AdminWaitlistDaySchema) });
export type AdminWaitlist = z.infer<typeof AdminWaitlistSchema>;

export const WAITLIST_TEMPLATES = {
  tooManyDays: english('You can wait for at most {max} days at a time. Leave one of them first.'),
} as const;

/** The waitlist's refusals with values, registered with the browser's error texts by the waitlist's calls. */
export const WAITLIST_ERROR_TEMPLATES = { TOO_MANY_DAYS: WAITLIST_TEMPLATES.tooManyDays } as const;

export const WAITLIST_TEXTS = {
  dayNotFull: english('There is still a free time on that day. Please book it instead.'),
  dayNotBookable: english('That day can no longer be booked. Please choose another day.'),
  tooManyDays: (max: number) => fillIn(WAITLIST_TEMPLATES.tooManyDays, { max }),
  alreadyWaiting: english('You are already on the waiting list for that day.'),
  notFound: english('That waiting-list entry was not found.'),
  slotHeld: english('Sorry, that time is being held for another customer for a few minutes. Please choose another time.'),
  offerEnded: english('Sorry, this offer has ended. The time is no longer held for you.'),
} as const;
