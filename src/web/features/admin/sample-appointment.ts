// For tests only: the back office's appointment as its screens receive it, with what a test does not care about
// filled in plainly. Never imported by the app.
import type { AdminAppointment } from '../../../shared/admin.ts';
import type { SlotLabel } from '../../../shared/business.ts';
import { slotInstant } from '../../../shared/business-time.ts';

/** A customer of Bay Shore, NY, who reads English. */
export const SAMPLE_CUSTOMER: AdminAppointment['customer'] = {
  firstName: 'Mary',
  lastName: 'Smith',
  email: 'mary@example.com',
  phoneNumber: '631-555-0100',
  streetAddress: '12 Main Street',
  city: 'Bay Shore',
  state: 'NY',
  zipCode: '11706',
  locale: 'en',
};

/**
 * An open, in-person visit on `date` (New York) at `slot`, not completed, not billed: `extra` changes what the test
 * is about. The id is the app's own form: the day, a hyphen, a UUID.
 */
export function sampleAppointment(
  date: string,
  slot: SlotLabel,
  extra: Partial<Omit<AdminAppointment, 'customer'>> & { customer?: Partial<AdminAppointment['customer']> } = {},
): AdminAppointment {
  const { customer, ...rest } = extra;
  return {
    id: `${date.replaceAll('-', '')}-00000000-0000-4000-8000-000000000001`,
    startsAt: slotInstant(date, slot).toISOString(),
    time: slot,
    isRemote: false,
    description: 'The laptop will not start',
    notes: '',
    workDone: '',
    amountCents: 0,
    isCompleted: false,
    isPaid: false,
    bill: null,
    ...rest,
    customer: { ...SAMPLE_CUSTOMER, ...customer },
  };
}
