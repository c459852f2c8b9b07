import '../payments.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { APPOINTMENT_TEXTS } from '../../../../shared/appointments.ts';
import { type CaptureOutcome, PAYMENT_TEMPLATES, PAYMENT_TEXTS } from '../../../../shared/payments.ts';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { DEFAULT_COUNTDOWN_SECONDS, useMessageModal } from '../../../components/message-modal.tsx';
import { type AlertMessage, useTimedAlert } from '../../../components/timed-alert.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { noteFailure } from '../../../lib/api-failure.ts';
import { errorText, serverErrorText } from '../../../lib/error-text.ts';
import { translate } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCaptureOrder } from '../api/capture-order.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { useCheckout } from '../api/get-checkout.ts';
import { ApprovedEstimate } from '../components/approved-estimate.tsx';
import { BillTable } from '../components/bill-table.tsx';
import { PaymentButtons, type PaymentStage, TestPaymentNotice } from '../components/payment-buttons.tsx';
import { appointmentTime, money } from '../formats.ts';

const COMPONENT_NAME = 'MakePayment';

/** What /home hands over through the navigation state: `{ appointmentId, amountCents }`. */
type PaymentState = { appointmentId?: unknown; amountCents?: unknown } | null;

function BackHome() {
  return (
    <Link to="/home" className="btn btn-outline-primary btn-lg">
      <Trans>Back to your appointments</Trans>
    </Link>
  );
}

/** The server's refusals (not completed, paid already, no amount yet, not yours) and failures, with a way back. */
function CheckoutRefused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useLingui();
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    noteFailure(error, COMPONENT_NAME);
  }, [error]);
  const refusal = error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
  return (
    <Alert variant={refusal ? 'warning' : 'danger'} className="checkout-refused">
      <Alert.Heading as="h2" className="h4">
        {refusal ? translate(APPOINTMENT_TEXTS.payNotAllowedTitle) : t`The checkout could not be loaded.`}
      </Alert.Heading>
      <p className="fs-5">{errorText(error) ?? t`Something went wrong on our side. Please try again in a moment.`}</p>
      <div className="d-flex flex-wrap gap-2">
        <BackHome />
        {!refusal && (
          <Button variant="outline-danger" size="lg" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        )}
      </div>
    </Alert>
  );
}

/** Refusals that mean "start again" or "wait": the server's own words say what to do, without the stage's heading. */
const RESTART_CODES = new Set(['ORDER_STALE', 'PAYMENT_IN_PROGRESS', 'PAYMENT_PENDING']);

/** The order was made for an amount the job no longer has (or the job changed): the checkout must be read again. */
function isStaleOrder(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'ORDER_STALE';
}

/**
 * The texts of a failed payment: the spec's for each stage, the server's own when the payer was declined. In the
 * active language: the server's and the spec's texts are English, and shown through `translate`.
 */
function failureMessage(stage: PaymentStage, error: unknown): AlertMessage {
  if (error instanceof ApiRequestError && error.status === 402) return { body: serverErrorText(error) };
  if (error instanceof ApiRequestError && RESTART_CODES.has(error.code)) return { variant: 'warning', body: serverErrorText(error) };
  const heading = stage === 'create' ? PAYMENT_TEXTS.paymentProcessError : PAYMENT_TEXTS.approvalError;
  // A refusal (already paid, not completed) says why; a fault says only what the spec says.
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.message !== heading) {
    return { heading: translate(heading), body: serverErrorText(error) };
  }
  return { body: translate(heading) };
}

/**
 * The customer's checkout. The appointment arrives in the navigation state from /home, or as ?appointment=ID
 * (kept in the address so a reload works); the amount shown and charged is the server's.
 */
function MakePaymentPage() {
  const { t } = useLingui();
  usePageTitle(translate(PAYMENT_TEXTS.checkout));
  const location = useLocation();
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const captureOrder = useCaptureOrder();
  const [searchParams] = useSearchParams();
  const state = location.state as PaymentState;
  const fromState = typeof state?.appointmentId === 'string' ? state.appointmentId : undefined;
  const appointmentId = searchParams.get('appointment') ?? fromState ?? '';
  const [paid, setPaid] = useState<CaptureOutcome | null>(null);
  const [paying, setPaying] = useState(false);
  // The amount the customer last saw offered (from /home, or on the button they pressed): when the job's amount
  // changes under them, the page says so for as long as they stay, not only in the passing alert.
  const [amountOffered, setAmountOffered] = useState<number>();
  // Live updates refetch the checkout (an amount the owner changes shows at once), but not while a payment is
  // under way or done: the payment's own change would only answer "already paid".
  const checkout = useCheckout(appointmentId, paid === null && !paying);
  const alert = useTimedAlert();
  const modal = useMessageModal();

  useEffect(() => {
    if (fromState && !searchParams.has('appointment')) {
      void navigate({ search: `?appointment=${encodeURIComponent(fromState)}` }, { replace: true, state });
    }
  }, [fromState, searchParams, navigate, state]);

  const onPaid = async (outcome: CaptureOutcome) => {
    setPaid(outcome);
    alert.clear();
    const amount = money(outcome.amountCents);
    const received = t`We received ${amount} and e-mailed you a receipt. You will be taken back to your appointments.`;
    await modal.show({
      title: translate(PAYMENT_TEMPLATES.thankYou, { name: outcome.payerName }),
      // A TEST payment (test mode, PayPal's sandbox) took no money: the thank-you says so first.
      body: outcome.isTest ? (
        <>
          <TestPaymentNotice as="p" />
          {received}
        </>
      ) : (
        received
      ),
      countdownSeconds: DEFAULT_COUNTDOWN_SECONDS,
    });
    void navigate('/home');
  };

  const onFailure = (stage: PaymentStage, error: unknown) => {
    setPaying(false);
    alert.show(failureMessage(stage, error));
    // The job changed after the order was made: read it again at once, so the amount shown (and offered on the
    // button) is the one the next press pays, even when no live update has brought the change yet.
    if (isStaleOrder(error)) void checkout.refetch();
  };

  const stateAmount = typeof state?.amountCents === 'number' ? state.amountCents : undefined;
  const offered = amountOffered ?? stateAmount;
  let content: ReactNode;
  if (paid) {
    content = (
      <div role="status" className="checkout-paid">
        {paid.isTest && <TestPaymentNotice as="p" />}
        <p className="fs-4 fw-semibold">{translate(PAYMENT_TEMPLATES.thankYou, { name: paid.payerName })}</p>
        <p>
          <Link to="/home" className="target-link">
            <Trans>Back to your appointments</Trans>
          </Link>
        </p>
      </div>
    );
  } else if (!appointmentId) {
    content = (
      <Alert variant="warning">
        <p className="fs-5">
          <Trans>No visit was chosen for payment. Choose Pay next to a completed visit on your home page.</Trans>
        </p>
        <BackHome />
      </Alert>
    );
  } else if (checkout.isPending) {
    content = <PageSpinner />;
  } else if (checkout.isError) {
    content = <CheckoutRefused error={checkout.error} onRetry={() => void checkout.refetch()} />;
  } else {
    const { amountCents, startsAt, lines, estimate } = checkout.data;
    // `visit` names the placeholder of the message below ({visit}), which the catalogues key on.
    const visit = appointmentTime(Date.parse(startsAt));
    const amount = money(amountCents);
    content = (
      <>
        {/* The spec's PAYMENT_TEXTS.makePayment in English ("Make a Payment of $75.00"); its own message here, so
            that Spanish writes the amount with the rest of the screen's Spanish formats. */}
        <h2 className="h3">{t`Make a Payment of ${amount}`}</h2>
        <p className="fs-5">
          <Trans comment="{visit} is the date and time; in Spanish it ends with 'a. m.' or 'p. m.', so no period follows it">
            For your visit on {visit}.
          </Trans>
        </p>
        {lines && <BillTable lines={lines} totalCents={amountCents} />}
        {estimate && <ApprovedEstimate totalCents={estimate.totalCents} />}
        {offered !== undefined && offered !== amountCents && (
          <p className="checkout-amount-note">
            <Trans>The amount for this job is now {amount}; that is what you will pay.</Trans>
          </p>
        )}
        <div className="checkout-alert">{alert.element}</div>
        <PaymentButtons
          amountCents={amountCents}
          createOrder={() => {
            setPaying(true);
            setAmountOffered(amountCents);
            return createOrder.mutateAsync(appointmentId);
          }}
          captureOrder={captureOrder.mutateAsync}
          onPaid={(outcome) => void onPaid(outcome)}
          onFailure={onFailure}
          onCancel={() => setPaying(false)}
        />
        <p className="mt-4">
          <Link to="/home" className="target-link">
            <Trans>Back to your appointments</Trans>
          </Link>
        </p>
      </>
    );
  }

  return (
    <Container className="py-4 py-md-5">
      <div className="checkout-page">
        <h1 className="mb-3">{translate(PAYMENT_TEXTS.checkout)}</h1>
        {content}
      </div>
      {modal.element}
    </Container>
  );
}

export { MakePaymentPage as Component };
