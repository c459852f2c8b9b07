// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_TEXTS } from '../../shared/appointments.ts';
import { ApiRequestError } from './api-client.ts';
import '../features/appointments/api/error-templates.ts';
import { errorText, serverErrorText } from './error-text.ts';
import { activateLocale, loadMessages } from './i18n.ts';

const PHONE = '(631) 555-0199';
const tooSoon = new ApiRequestError(409, 'TOO_SOON', APPOINTMENT_TEXTS.slotWithinNotice(24), { hours: 24 });
const pastCutoff = new ApiRequestError(409, 'NOT_ALLOWED', APPOINTMENT_TEXTS.pastCutoff(48, PHONE), { hours: 48, phone: PHONE });

describe('a server error in the active language, from its code and params', () => {
  beforeAll(async () => {
    await activateLocale('es');
    await loadMessages(['rules', 'screens']);
  });
  afterAll(async () => {
    await activateLocale('en');
  });

  it('shows a refusal with values from its code’s template, in Spanish, with the values', () => {
    expect(errorText(tooSoon)).toBe(
      'Las visitas se deben programar con al menos 24 horas de anticipación. Por favor, elija una hora más adelante.',
    );
    const cutoff = errorText(pastCutoff);
    expect(cutoff).toBe(
      `Faltan menos de 48 horas para su visita, así que ya no se puede cambiar ni cancelar en línea. Por favor, llámenos al ${PHONE}.`,
    );
  });

  it('shows a plain refusal by its message, which is its catalogue id', () => {
    const completed = new ApiRequestError(409, 'NOT_ALLOWED', APPOINTMENT_TEXTS.cancelNotAllowedBody);
    expect(errorText(completed)).not.toBe(APPOINTMENT_TEXTS.cancelNotAllowedBody);
    expect(errorText(completed)).toBe(serverErrorText({ code: 'SOMETHING_ELSE', message: APPOINTMENT_TEXTS.cancelNotAllowedBody }));
  });

  it('falls back to the English message for an unknown code or text, and says nothing for a failure that is not the server’s', () => {
    const unknown = new ApiRequestError(409, 'NEW_RULE', 'A rule this browser does not know yet: 3 visits.', { visits: 3 });
    expect(errorText(unknown)).toBe('A rule this browser does not know yet: 3 visits.');
    expect(serverErrorText({ code: 'toString', message: 'Not a template.', params: { a: 1 } })).toBe('Not a template.');
    expect(errorText(new Error('our own bug'))).toBeUndefined();
  });

  it('reads in English exactly as the server filled it in', async () => {
    await activateLocale('en');
    await loadMessages(['rules', 'screens']);
    expect(errorText(tooSoon)).toBe(APPOINTMENT_TEXTS.slotWithinNotice(24));
    expect(errorText(pastCutoff)).toBe(APPOINTMENT_TEXTS.pastCutoff(48, PHONE));
  });
});
