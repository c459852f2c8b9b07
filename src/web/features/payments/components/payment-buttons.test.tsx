// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaptureOutcome } from '../../../../shared/payments.ts';
import { PaymentButtons } from './payment-buttons.tsx';

const OUTCOME: CaptureOutcome = { appointmentId: 'a1', payerName: 'Mary', amountCents: 7500, captureId: 'CAP-1' };

function setup(overrides: Partial<Parameters<typeof PaymentButtons>[0]> = {}) {
  const flow = {
    amountCents: 7500,
    createOrder: vi.fn(async () => 'ORDER-1'),
    captureOrder: vi.fn(async () => OUTCOME),
    onPaid: vi.fn(),
    onFailure: vi.fn(),
    ...overrides,
  };
  render(<PaymentButtons {...flow} />);
  return flow;
}

describe('the payment buttons in test mode (no PayPal configured)', () => {
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
