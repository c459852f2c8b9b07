// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_TEXTS } from '../../../shared/appointments.ts';
import { activateLocale, i18n, loadMessages } from '../../lib/i18n.ts';
import { SPEC_TEXTS } from './spec-texts.ts';

beforeAll(async () => {
  await activateLocale('en');
  await loadMessages(['rules', 'screens']);
});

describe('the booking screens’ own copies of the spec texts', () => {
  it('read in English exactly as APPOINTMENT_TEXTS has them', () => {
    expect(i18n._(SPEC_TEXTS.confirmVisit(true))).toBe(APPOINTMENT_TEXTS.confirmVisit('Remote'));
    expect(i18n._(SPEC_TEXTS.confirmVisit(false))).toBe(APPOINTMENT_TEXTS.confirmVisit('In-Person'));
    expect(i18n._(SPEC_TEXTS.payConfirm('$45.50'))).toBe(APPOINTMENT_TEXTS.payConfirm('45.50'));
    const when = 'Saturday, November 28, 2026 at 08:00am';
    expect(i18n._(SPEC_TEXTS.rescheduled(when))).toBe(APPOINTMENT_TEXTS.rescheduled(when));
    expect(i18n._(SPEC_TEXTS.pastCutoff(24, '(631) 555-0100'))).toBe(APPOINTMENT_TEXTS.pastCutoff(24, '(631) 555-0100'));
  });
});
