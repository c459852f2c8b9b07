import type { ModalMessage } from '../../components/message-modal.tsx';
import { translate } from '../../lib/i18n.ts';

/** A text from src/shared or from the server (a field's error, a failure's explanation), when there is one, in the active language. */
export const translateOptional = (text: string | undefined): string | undefined => (text === undefined ? undefined : translate(text));

/** A dialog of the shared texts (MESSAGES, ACCOUNT_TEXTS), in the active language. */
export const translateDialog = ({ title, body }: { title: string; body: string }): ModalMessage => ({
  title: translate(title),
  body: translate(body),
});
