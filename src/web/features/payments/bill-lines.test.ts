// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentBill, customerLines } from '../../../shared/billing.ts';
import { activateLocale, loadMessages, translate } from '../../lib/i18n.ts';

describe('a bill’s lines on the checkout, in the customer’s language', () => {
  const lines = customerLines(
    { ...appointmentBill('consulting', 101, [{ description: 'HDMI cable', cents: 1250 }]), computedCents: 21250, totalCents: 20000 },
    20000,
  );
  const shown = () => (lines ?? []).map((line) => translate(line.text, line.values));

  beforeAll(async () => {
    await activateLocale('es');
    await loadMessages(['rules', 'screens']);
  });
  afterAll(async () => {
    await activateLocale('en');
  });

  it('reads in Spanish, the half-hours counted the Spanish way; a part keeps the owner’s words', async () => {
    expect(shown()).toEqual(['Primera hora de asesoría', '2 medias horas adicionales', 'HDMI cable', 'Ajuste']);
    await loadMessages(['rules', 'screens']);
    await activateLocale('en');
    await loadMessages(['rules', 'screens']);
    expect(shown()).toEqual(['First hour of consulting', '2 extra half-hours', 'HDMI cable', 'Adjustment']);
  });

  it('is left out unless the bill is what the amount came from', () => {
    const bill = { ...appointmentBill('troubleshooting', 60), computedCents: 5000, totalCents: 5000 };
    expect(customerLines(bill, 5000)).toEqual(bill.lines);
    expect(customerLines(bill, 9000)).toBeNull();
    expect(customerLines(null, 5000)).toBeNull();
  });
});
