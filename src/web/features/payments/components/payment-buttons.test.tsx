// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptureOutcome } from '../../../../shared/payments.ts';
import { i18n } from '../../../lib/i18n.ts';
import { PaymentButtons } from './payment-buttons.tsx';

const OUTCOME: CaptureOutcome = { appointmentId: 'a1', payerName: 'Mary', amountCents: 7500, captureId: 'CAP-1', isTest: false };

function setup(overrides: Partial<Parameters<typeof PaymentButtons>[0]> = {}) {
  const flow = {
    amountCents: 7500,
    createOrder: vi.fn(async () => 'ORDER-1'),
    captureOrder: vi.fn(async () => OUTCOME),
    onPaid: vi.fn(),
    onFailure: vi.fn(),
    ...overrides,
  };
  render(
    <I18nProvider i18n={i18n}>
      <PaymentButtons {...flow} />
    </I18nProvider>,
  );
  return flow;
}

/** The app's language, with the payment screens' catalogue (src/web/lib/i18n.ts loads the same file). */
async function speak(locale: 'en' | 'es') {
  const { messages } = locale === 'es' ? await import('../locales/es.po') : await import('../locales/en.po');
  i18n.loadAndActivate({ locale, messages });
}

describe('the payment buttons in test mode (no PayPal configured)', () => {
  beforeEach(() => speak('en'));
  afterEach(cleanup);

  it('are labelled as test mode and run create, then capture with the order id, then report the payment', async () => {
    const flow = setup();
    expect(screen.getByRole('region', { name: 'Test mode: no money moves' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay $75.00 (test mode)' })));
    expect(flow.createOrder).toHaveBeenCalledTimes(1);
    expect(flow.captureOrder).toHaveBeenCalledWith('ORDER-1');
    expect(flow.onPaid).toHaveBeenCalledWith(OUTCOME);
    expect(flow.onFailure).not.toHaveBeenCalled();
  });

  it('say which step failed: creating the order (nothing captured) or capturing it', async () => {
    const refused = new Error('create refused');
    const first = setup({ createOrder: vi.fn(async () => Promise.reject(refused)) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay $75.00 (test mode)' })));
    expect(first.onFailure).toHaveBeenCalledWith('create', refused);
    expect(first.captureOrder).not.toHaveBeenCalled();
    cleanup();

    const declined = new Error('capture refused');
    const second = setup({ captureOrder: vi.fn(async () => Promise.reject(declined)) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay $75.00 (test mode)' })));
    expect(second.onFailure).toHaveBeenCalledWith('capture', declined);
    expect(second.onPaid).not.toHaveBeenCalled();
  });

  it('cannot pay while disabled (the admin has not confirmed the amount yet)', () => {
    setup({ disabled: true });
    expect((screen.getByRole('button', { name: 'Pay $75.00 (test mode)' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the payment buttons in Spanish', () => {
  beforeEach(() => speak('es'));
  afterEach(async () => {
    cleanup();
    await speak('en');
  });

  it('label the test mode and show the amount as Spanish writes dollars, and still pay', async () => {
    const flow = setup({ amountCents: 123_450 });
    expect(screen.getByRole('region', { name: 'Modo de prueba: no se cobra dinero' })).toBeTruthy();
    expect(screen.getByText(/no se le cobra nada a nadie/)).toBeTruthy();
    // Dollars as US Spanish writes them ("$1,234.50"), not Spain's "1234,50 US$".
    const pay = screen.getByRole('button', { name: 'Pagar $1,234.50 (modo de prueba)' });
    await act(async () => fireEvent.click(pay));
    expect(flow.captureOrder).toHaveBeenCalledWith('ORDER-1');
    expect(flow.onPaid).toHaveBeenCalledWith(OUTCOME);
  });
});
