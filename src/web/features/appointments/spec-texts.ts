import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The spec's texts of APPOINTMENT_TEXTS (src/shared/appointments.ts) that take a value, as the booking screens show
 * them: each is one message per language here, because its Spanish sentence changes with the value (the kind of
 * visit) or formats it its own way (an amount, a date). In English each reads exactly as APPOINTMENT_TEXTS has it
 * (spec-texts.test.ts). Shown with `i18n._(…)` of `useLingui()`.
 */
export const SPEC_TEXTS = {
  /** APPOINTMENT_TEXTS.confirmVisit. */
  confirmVisit: (isRemote: boolean): MessageDescriptor =>
    isRemote ? msg`Are you sure you want a Remote visit? If YES select OK` : msg`Are you sure you want a In-Person visit? If YES select OK`,
  /** APPOINTMENT_TEXTS.payConfirm; `amount` is formatted ("$45.50"). */
  payConfirm: (amount: string): MessageDescriptor => msg`Go to checkout to pay ${amount}? If YES select OK`,
  /** APPOINTMENT_TEXTS.rescheduled; `when` is the visit's new time. */
  rescheduled: (when: string): MessageDescriptor =>
    msg`Your visit has moved to ${when}. We have e-mailed you an updated calendar invitation.`,
  /** APPOINTMENT_TEXTS.pastCutoff. */
  pastCutoff: (hours: number, phone: string): MessageDescriptor =>
    msg`Your visit is less than ${hours} hours away, so it can no longer be changed or cancelled online. Please call us at ${phone}.`,
};
