// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_TEXTS } from '../../../shared/appointments.ts';
import { activateLocale, loadMessages } from '../../lib/i18n.ts';
import { translateServerText } from './server-text.ts';

describe('a server text in the active language', () => {
  beforeAll(async () => {
    await activateLocale('es');
    await loadMessages(['rules', 'screens']);
  });
  afterAll(async () => {
    await activateLocale('en');
  });

  it('finds the template of a text with values filled in, and keeps the values', () => {
    const spanish = translateServerText(APPOINTMENT_TEXTS.slotWithinNotice(24));
    expect(spanish).toContain('24');
    expect(spanish).not.toContain('Visits');
    const cutoff = translateServerText(APPOINTMENT_TEXTS.pastCutoff(48, '(631) 555-0199'));
    expect(cutoff).toContain('48');
    expect(cutoff).toContain('(631) 555-0199');
    expect(cutoff).not.toContain('Please call');
  });

  it('shows a plain text through the catalogue, and an unknown one as it came', () => {
    expect(translateServerText(APPOINTMENT_TEXTS.slotTaken)).not.toBe(APPOINTMENT_TEXTS.slotTaken);
    expect(translateServerText('Something nobody wrote down.')).toBe('Something nobody wrote down.');
  });

  it('leaves English as the server sent it', async () => {
    await activateLocale('en');
    await loadMessages(['rules', 'screens']);
    expect(translateServerText(APPOINTMENT_TEXTS.slotWithinNotice(24))).toBe(APPOINTMENT_TEXTS.slotWithinNotice(24));
    expect(translateServerText(APPOINTMENT_TEXTS.pastCutoff(48, '(631) 555-0199'))).toBe(
      APPOINTMENT_TEXTS.pastCutoff(48, '(631) 555-0199'),
    );
  });
});
