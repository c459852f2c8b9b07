import { z } from 'zod';
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_PHONE_MAX } from './contact-form.ts';

/**
 * The wire's shape of the contact form (issue 40): the fields as typed, with room for spaces around them, and the
 * language of the page it was sent from (the owner then knows which to answer in). The rules are
 * `checkContactMessage` (contact-form.ts), which the server applies to the body so that its refusal is one of the
 * form's own messages, in the visitor's language.
 */
const typed = (max: number) => z.string().max(max * 2);
export const ContactMessageSchema = z.object({
  name: typed(CONTACT_NAME_MAX),
  email: typed(CONTACT_EMAIL_MAX).default(''),
  phone: typed(CONTACT_PHONE_MAX).default(''),
  message: typed(CONTACT_MESSAGE_MAX),
  language: z.enum(['en', 'es']).default('en'),
});
export type ContactMessage = z.input<typeof ContactMessageSchema>;

export const ContactSentSchema = z.object({ sent: z.literal(true) });
export type ContactSent = z.infer<typeof ContactSentSchema>;
