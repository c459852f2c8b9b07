import { Trans, useLingui } from '@lingui/react/macro';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { useId, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import { PAYMENT_TEXTS } from '../../../../shared/payments.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { noteFailure } from '../../../lib/api-failure.ts';
import { translate } from '../../../lib/i18n.ts';
import type { PaymentFlow } from './payment-buttons.tsx';

export type PayPalCheckoutProps = PaymentFlow & { clientId: string };

/** The spec's script options: USD, capture, buttons and marks, no vault, commit (the buyer pays in the popup). */
function scriptOptions(clientId: string) {
  return { clientId, currency: 'USD', intent: 'capture', components: 'buttons,marks', vault: false, commit: true };
}

function Buttons({ disabled, createOrder, captureOrder, onPaid, onFailure, onCancel }: PaymentFlow) {
  const { t } = useLingui();
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  // PayPal reports a failed createOrder through onError as well; it has been told already.
  const createFailed = useRef(false);

  if (isPending) return <LoadingSpinner label={t`Loading PayPal…`} />;
  if (isRejected) {
    return (
      <Alert variant="danger" className="fs-5">
        {translate(PAYMENT_TEXTS.scriptError)}
      </Alert>
    );
  }
  return (
    <PayPalButtons
      className="paypal-buttons"
      style={{ layout: 'vertical', label: 'pay', shape: 'rect' }}
      disabled={disabled}
      onCancel={() => onCancel?.()}
      createOrder={async () => {
        createFailed.current = false;
        try {
          return await createOrder();
        } catch (error) {
          createFailed.current = true;
          onFailure('create', error);
          throw error;
        }
      }}
      onApprove={async (data) => {
        try {
          onPaid(await captureOrder(data.orderID));
        } catch (error) {
          onFailure('capture', error);
        }
      }}
      onError={(error) => {
        if (createFailed.current) {
          createFailed.current = false;
          return;
        }
        // PayPal's own failure, not one of our writes (their mutations record theirs): recorded here.
        noteFailure(error, 'PayPal');
        onFailure('capture', error);
      }}
    />
  );
}

/** PayPal's own buttons (they open PayPal's window); the server creates and captures the order. */
export function PayPalCheckout({ clientId, ...flow }: PayPalCheckoutProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="paypal-checkout">
      <h3 id={`${id}-title`} className="h5">
        <Trans>Pay with PayPal or a card</Trans>
      </h3>
      <PayPalScriptProvider options={scriptOptions(clientId)}>
        <Buttons {...flow} />
      </PayPalScriptProvider>
    </section>
  );
}
