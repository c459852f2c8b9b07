import type { Locale } from '../../../shared/locale.ts';
import { toE164 } from '../../../shared/text-messages.ts';
import type { Executor } from '../../db/client.ts';
import type { ProfileRow } from '../../db/schema.ts';
import { findProfile } from './account-queries.ts';
import { listReminderCallCustomers, saveReminderCallChoice } from './reminder-call-queries.ts';

/**
 * The reminder-call choice on the customer's profile (issue 39, decision 040), for the voice module: saved with the
 * time it was made and, for a yes, the number it was given for (the profile's number then: calls go only while it
 * stays the profile's number), and the list of customers who said yes. The rules (no call for a customer who gets
 * texts) are the voice module's.
 */
export async function setReminderCallChoice(tx: Executor, userId: string, wanted: boolean): Promise<ProfileRow | undefined> {
  const profile = wanted ? await findProfile(tx, userId) : undefined;
  const number = profile ? (toE164(profile.phoneNumber) ?? null) : null;
  // The voice module refuses a yes without a number first (NO_PHONE): this one is a mistake in the code.
  if (wanted && !number) throw new Error('a yes to reminder calls needs a phone number on the profile');
  return saveReminderCallChoice(tx, userId, wanted, number);
}

export type ReminderCallCustomer = {
  userId: string;
  phoneNumber: string;
  wantsTexts: boolean;
  textsConfirmedNumber: string | null;
  reminderCallsNumber: string | null;
  locale: Locale;
};

export async function reminderCallCustomers(db: Executor): Promise<ReminderCallCustomer[]> {
  return listReminderCallCustomers(db);
}
