import { z } from 'zod';
import { english } from './english.ts';
import { toE164 } from './text-messages.ts';

/**
 * Reminder calls for landlines (issue 39, decision 040): a customer with a phone number who gets no texts may ask
 * for a call the day before their visit. Offered only when the server places them (REMINDER_CALLS).
 */

/** PUT /api/account/reminder-calls: yes or no. */
export const ReminderCallChoiceSchema = z.object({ wanted: z.boolean() });
export type ReminderCallChoice = z.infer<typeof ReminderCallChoiceSchema>;

/** The customer's choice as the account reads it (GET /api/account/me) and the PUT answers it. */
export const ReminderCallsSchema = z.object({
  /** Calls are placed: they said yes, for the number the profile holds now. */
  wanted: z.boolean(),
  /** When they last said yes or no; null before they ever did. */
  consentAt: z.string().nullable(),
  /** The number (E.164) the calls go to while wanted; null otherwise. */
  number: z.string().nullable(),
  /** They said yes for a number they have since changed: the calls stopped until they say yes for the new one. */
  numberChanged: z.boolean(),
});
export type ReminderCalls = z.infer<typeof ReminderCallsSchema>;

/**
 * The choice as the customer sees it, from their profile: a yes holds only for the number it was given for, so a
 * changed (or mistyped, then corrected) number gets no call until the customer says yes again for it.
 */
export function reminderCallsOf(profile: {
  phoneNumber: string;
  wantsReminderCalls: boolean;
  reminderCallsNumber: string | null;
  reminderCallsConsentAt: Date | null;
}): ReminderCalls {
  const current = toE164(profile.phoneNumber) ?? null;
  const wanted = profile.wantsReminderCalls && current !== null && profile.reminderCallsNumber === current;
  return {
    wanted,
    consentAt: profile.reminderCallsConsentAt?.toISOString() ?? null,
    number: wanted ? current : null,
    numberChanged: !wanted && profile.reminderCallsNumber !== null && profile.reminderCallsNumber !== current,
  };
}

/** The New York hours in which reminder calls are placed, the day before the visit: 10 a.m. to 7 p.m. */
export const CALLING_HOURS = { from: 10, until: 19 } as const;

export const REMINDER_CALL_TEXTS = {
  label: english('Call me the day before to remind me (for landlines)'),
  // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
  hint: english('An automated call between 10 a.m. and 7 p.m. the day before each visit, to the phone number on your account. Press 1 to confirm, 2 to speak with us, 9 to stop the calls. You can turn it off here at any time.'),
  getsTexts: english('You get a text reminder the day before each visit, so no call is needed.'),
  noPhone: english('Add your phone number to your details first.'),
  noProfile: english('Please fill in your details first.'),
  willCall: english('We will call {number}.'),
  // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
  numberChanged: english('Your phone number has changed, so the reminder calls have stopped. Tick the box again if you want them at your new number.'),
} as const;
