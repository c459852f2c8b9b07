import { Trans, useLingui } from '@lingui/react/macro';
import { type ComponentType, lazy, Suspense, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { type CaptureOutcome, PAYMENT_TEXTS } from '../../../../shared/payments.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { appConfig } from '../../../lib/app-config.ts';
import { translate } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { buttonMoney } from '../formats.ts';
import type { PayPalCheckoutProps } from './paypal-checkout.tsx';

/** Where a payment failed: creating the order, or capturing it once the payer approved. */
export type PaymentStage = 'create' | 'capture';

export type PaymentFlow = {
  amountCents: number;
  /** Until the amount is confirmed (the admin's screen) the buttons are shown but cannot pay. */
  disabled?: boolean;
  createOrder: () => Promise<string>;
  captureOrder: (orderId: string) => Promise<CaptureOutcome>;
  onPaid: (outcome: CaptureOutcome) => void;
  /** Tells the user; the failure is recorded already (by the write's mutation, or by PayPal's buttons for PayPal's own). */
  onFailure: (stage: PaymentStage, error: unknown) => void;
  /** The payer closed PayPal's window without paying. */
  onCancel?: () => void;
};

function ScriptError() {
  useLanguage();
  return (
    <Alert variant="danger" className="fs-5">
      {translate(PAYMENT_TEXTS.scriptError)}
    </Alert>
  );
}

// PayPal's React components load only where PayPal is configured; test mode never downloads them.
const PayPalCheckout = lazy<ComponentType<PayPalCheckoutProps>>(() =>
  import('./paypal-checkout.tsx').then(
    (module) => ({ default: module.PayPalCheckout }),
    () => ({ default: ScriptError }),
  ),
);

/**
 * The TEST label of a payment that moves no money (the test mode, PayPal's sandbox): above the buttons, and in the
 * thank-you after such a payment.
 */
export function TestPaymentNotice({ id, as: Element = 'h3' }: { id?: string; as?: 'h3' | 'p' }) {
  return (
    <Element id={id} className="h5 test-mode-title">
      <span className="badge test-mode-badge me-2" aria-hidden="true">
        <Trans>TEST</Trans>
      </span>
      <Trans>Test mode: no money moves</Trans>
    </Element>
  );
}

/**
 * Test mode (no PayPal credentials on the server): a clearly labelled button that runs the same two server
 * calls as PayPal's buttons, create and capture, so the whole flow can be tried without money moving.
 */
function TestModePanel({ amountCents, disabled, createOrder, captureOrder, onPaid, onFailure }: Omit<PaymentFlow, 'onCancel'>) {
  const { t } = useLingui();
  const id = useId();
  const [paying, setPaying] = useState(false);
  const amount = buttonMoney(amountCents);
  const busy = useRef(false);

  const pay = async () => {
    if (busy.current) return;
    busy.current = true;
    setPaying(true);
    try {
      let orderId: string;
      try {
        orderId = await createOrder();
      } catch (error) {
        onFailure('create', error);
        return;
      }
      try {
        onPaid(await captureOrder(orderId));
      } catch (error) {
        onFailure('capture', error);
      }
    } finally {
      busy.current = false;
      setPaying(false);
    }
  };

  return (
    <section className="test-mode-panel" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <TestPaymentNotice id={`${id}-title`} />
      <p id={`${id}-text`}>
        <Trans>
          Online payment is not connected yet. This button runs the real payment steps on our server and records the payment, but nobody is
          charged.
        </Trans>
      </p>
      <Button size="lg" variant="success" disabled={disabled || paying} onClick={() => void pay()} className="test-mode-pay">
        {paying ? t`Paying…` : t`Pay ${amount} (test mode)`}
      </Button>
    </section>
  );
}

/**
 * The one payment control of the app, used by the customer's checkout and by the admin's payment screen:
 * PayPal's buttons when the server has PayPal credentials, the labelled test-mode panel otherwise.
 */
export function PaymentButtons(flow: PaymentFlow) {
  const { t } = useLingui();
  const { payments } = appConfig;
  if (payments.mode !== 'paypal') return <TestModePanel {...flow} />;
  return (
    <>
      {/* PayPal's sandbox takes no money: its payments are TEST, and the buttons say so before anyone pays. */}
      {payments.test && <TestPaymentNotice />}
      <Suspense fallback={<LoadingSpinner label={t`Loading PayPal…`} />}>
        <PayPalCheckout clientId={payments.clientId} {...flow} />
      </Suspense>
    </>
  );
}
