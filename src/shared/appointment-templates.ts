import { english } from './english.ts';

/**
 * The appointments' texts with values in them, as messages with ICU placeholders: `APPOINTMENT_TEXTS`
 * (appointments.ts) fills them in English, the server throws its refusals as a template and its values (HttpError),
 * and the browser shows them in the active language with `translate(APPOINTMENT_TEMPLATES.…, values)`. Apart from
 * appointments.ts (and free of zod), so that the browser's error texts (src/shared/error-texts.ts) take only these.
 */
export const APPOINTMENT_TEMPLATES = {
  confirmVisit: english('Are you sure you want a {type} visit? If YES select OK'),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a dollar sign, then the ICU placeholder {dollars}
  payConfirm: english('Go to checkout to pay ${dollars}? If YES select OK'),
  slotWithinNotice: english('Visits must be booked at least {hours} hours ahead. Please choose a later time.'),
  rescheduled: english('Your visit has moved to {when}. We have e-mailed you an updated calendar invitation.'),
  // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
  pastCutoff: english('Your visit is less than {hours} hours away, so it can no longer be changed or cancelled online. Please call us at {phone}.'),
} as const;

/**
 * The appointments' refusals that the server sends with values (src/shared/error-texts.ts): the booking screens
 * register them with the browser's error texts (src/web/features/appointments/api/error-templates.ts).
 */
export const APPOINTMENT_ERROR_TEMPLATES = {
  TOO_SOON: APPOINTMENT_TEMPLATES.slotWithinNotice,
  NOT_ALLOWED: APPOINTMENT_TEMPLATES.pastCutoff,
} as const;
