import type { ContactMessage, ContactSent } from '../../../../shared/contact.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useFormAction } from '../../../lib/form-action.ts';

/** A visitor's message to the owner, from the contact form of /about; nothing is e-mailed to the visitor. */
export function sendContactMessage(body: ContactMessage): Promise<ContactSent> {
  return apiFetch('/api/contact', { method: 'POST', body });
}

/** The form's write, without React Query, like the other signed-out forms (decision 019). */
export function useSendContactMessage() {
  return useFormAction(sendContactMessage, { meta: { componentName: 'ContactForm' } });
}
