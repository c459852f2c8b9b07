/**
 * Marks a customer-facing English text for translation and returns it unchanged. The English text is its own
 * message id: `lingui extract` finds every call of this function in src/shared and src/server (lingui.config.ts);
 * the browser shows `translate(message)` (src/web/lib/i18n.ts) and the server's e-mails use `translatorFor(locale)`.
 * Placeholders are ICU ones (`{name}`). The argument must be one string literal in single quotes.
 */
// Declared free of side effects, so that the bundler still drops the marked texts a page does not use.
export const english = /* @__NO_SIDE_EFFECTS__ */ <const T extends string>(message: T): T => message;

/**
 * A marked text with its `{name}` placeholders filled in, in English: what the server sends and the tests compare.
 * The browser shows the same text in the active language with `translate(message, values)`.
 */
export const fillIn = (message: string, values: Readonly<Record<string, string | number>>): string =>
  message.replace(/\{(\w+)\}/g, (placeholder, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : placeholder));
