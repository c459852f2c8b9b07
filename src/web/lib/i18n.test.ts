// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n, loadMessages, translate } from './i18n.ts';

/** A text of the signed-in screens' catalogues only (`screens`), in English and Spanish. */
const SCREENS_TEXT = 'This visit is already paid.';

describe("the browser's languages", () => {
  afterEach(async () => {
    // The unit tests of a worker share this module (isolate: false): the next file starts in English.
    await activateLocale('en');
  });

  it("loads a screen's texts in the language switched to while they were asked for (the saved language at sign-in)", async () => {
    await activateLocale('en');
    // The customer's saved Spanish is followed at sign-in while their home screen asks for its catalogues.
    const switched = activateLocale('es');
    const screen = loadMessages(['screens']);
    await Promise.all([switched, screen]);
    expect(i18n.locale).toBe('es');
    expect(translate(SCREENS_TEXT)).toBe('Esta visita ya está pagada.');
  });

  it('loads the texts of a screen asked for just after a switch began, and of the language switched back to', async () => {
    await activateLocale('es');
    const back = activateLocale('en');
    await loadMessages(['screens']);
    await back;
    expect(translate(SCREENS_TEXT)).toBe(SCREENS_TEXT);
    await activateLocale('es');
    expect(translate(SCREENS_TEXT)).toBe('Esta visita ya está pagada.');
  });
});
