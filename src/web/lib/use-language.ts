import { useLingui } from '@lingui/react';

/**
 * For a component that shows texts through `translate` and no macro: subscribes it to the language, so that it
 * shows them again when the language changes. Answers the active language. (Apart from i18n.ts, which the first
 * load imports: React's Lingui bindings there split the first load into more chunks.)
 */
export function useLanguage(): string {
  return useLingui().i18n.locale;
}
