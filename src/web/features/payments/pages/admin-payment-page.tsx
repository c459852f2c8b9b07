import '../payments.css';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { appointmentTypeLabel, type CustomerAppointment, formatDollars } from '../../../../shared/appointments.ts';
import { formatAppointmentTime } from '../../../../shared/business-time.ts';
import { AdminAmountSchema, type CaptureOutcome, PAYMENT_TEXTS } from '../../../../shared/payments.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { noteFailure } from '../../../lib/api-failure.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCaptureAdminOrder } from '../api/capture-admin-order.ts';
import { customerExists } from '../api/check-customer.ts';
import { useCreateAdminOrder } from '../api/create-admin-order.ts';
import { useCustomerAppointments } from '../api/get-customer-appointments.ts';
import { PaymentButtons } from '../components/payment-buttons.tsx';

const COMPONENT_NAME = 'AdminPayment';

/** Whole dollars as the admin typed them, without leading zeros ("075" is $75). */
function wholeDollars(value: string): string {
  return String(Number(value.trim()));
}

function CustomerCheck({ onChecked }: { onChecked: (email: string | undefined) => void }) {
  const id = useId();
  const alert = useTimedAlert();
  const [email, setEmail] = useState('');
  const [checking, setChecking] = useState(false);
  const [missing, setMissing] = useState(false);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!address) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setChecking(true);
    onChecked(undefined);
    try {
      if (await customerExists(address)) {
        alert.show({ variant: 'success', body: PAYMENT_TEXTS.userExists });
        onChecked(address);
      } else {
        alert.show({ variant: 'warning', body: PAYMENT_TEXTS.userMissing });
      }
    } catch (error) {
      noteFailure(error, COMPONENT_NAME);
      alert.show({ body: PAYMENT_TEXTS.checkEmailError });
    } finally {
      setChecking(false);
    }
  };

  return (
    <section className="admin-payment-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h4">
        1. Find the customer
      </h2>
      <Form noValidate onSubmit={check}>
        <Form.Group controlId={`${id}-email`} className="mb-3">
          <Form.Label className="fw-semibold">Customer e-mail</Form.Label>
          <InputGroup size="lg" hasValidation className="stack-on-phone">
            <Form.Control
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              isInvalid={missing}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${id}-email-error` : undefined}
            />
            <Button type="submit" disabled={checking}>
              {checking ? 'Checking…' : 'Check'}
            </Button>
            {missing && (
              <Form.Control.Feedback type="invalid" id={`${id}-email-error`}>
                Enter the customer's e-mail address.
              </Form.Control.Feedback>
            )}
          </InputGroup>
        </Form.Group>
      </Form>
      {alert.element}
    </section>
  );
}

function AppointmentChoice({
  email,
  chosen,
  onChoose,
}: {
  email: string;
  chosen: string | undefined;
  onChoose: (appointment: CustomerAppointment) => void;
}) {
  const id = useId();
  const appointments = useCustomerAppointments(email);
  let body: ReactNode;
  if (appointments.isPending) body = <LoadingSpinner label="Loading the customer's appointments…" />;
  else if (appointments.isError) body = <p className="text-danger fs-5">The customer's appointments could not be loaded.</p>;
  else if (appointments.data.length === 0) body = <p className="fs-5">This customer has no unpaid appointments.</p>;
  else {
    body = (
      <fieldset>
        <legend className="fs-6 fw-semibold">Appointments of {email}, by date</legend>
        <div className="d-grid gap-2">
          {appointments.data.map((appointment) => (
            <Form.Check
              key={appointment.id}
              type="radio"
              id={`${id}-${appointment.id}`}
              name={`${id}-appointment`}
              className="appointment-choice form-check-lg"
              checked={chosen === appointment.id}
              onChange={() => onChoose(appointment)}
              label={
                <>
                  <span className="fw-semibold">{formatAppointmentTime(Date.parse(appointment.startsAt))}</span>
                  <span className="d-block">
                    {appointmentTypeLabel(appointment.isRemote)} · {appointment.isCompleted ? 'Completed' : 'Not completed'} · amount $
                    {formatDollars(appointment.amountCents)}
                  </span>
                </>
              }
            />
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <section className="admin-payment-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h4">
        2. Choose the appointment
      </h2>
      {body}
    </section>
  );
}

type Confirmed = { appointmentId: string; amount: string };

/** The admin takes a payment for a customer: check the e-mail, pick the appointment, confirm the amount, pay. */
function AdminPaymentPage() {
  usePageTitle('Take a Payment');
  const id = useId();
  const confirm = useConfirm();
  const createOrder = useCreateAdminOrder();
  const captureOrder = useCaptureAdminOrder();
  const alert = useTimedAlert();
  const [email, setEmail] = useState<string>();
  const [appointment, setAppointment] = useState<CustomerAppointment>();
  const [amount, setAmount] = useState('');
  const [amountInvalid, setAmountInvalid] = useState(false);
  const [confirmed, setConfirmed] = useState<Confirmed>();

  const choose = (next: CustomerAppointment) => {
    setAppointment(next);
    setConfirmed(undefined);
    // A job already priced in whole dollars starts from its price; the admin still confirms it.
    if (next.amountCents > 0 && next.amountCents % 100 === 0) setAmount(String(next.amountCents / 100));
  };

  const confirmAmount = async (event: FormEvent) => {
    event.preventDefault();
    if (!AdminAmountSchema.safeParse(amount).success) {
      setAmountInvalid(true);
      setConfirmed(undefined);
      alert.show({ body: PAYMENT_TEXTS.invalidAmount });
      return;
    }
    setAmountInvalid(false);
    alert.clear();
    const dollars = wholeDollars(amount);
    if (appointment && (await confirm(PAYMENT_TEXTS.confirmAmount(dollars)))) {
      setConfirmed({ appointmentId: appointment.id, amount: dollars });
    }
  };

  const onPaid = (outcome: CaptureOutcome) => {
    // A TEST payment (test mode, PayPal's sandbox) took no money: the owner reads so.
    alert.show({ variant: 'success', body: outcome.isTest ? `${PAYMENT_TEXTS.adminPaid} TEST: no money moved.` : PAYMENT_TEXTS.adminPaid });
    setAppointment(undefined);
    setConfirmed(undefined);
    setAmount('');
  };

  const onFailure = (_stage: unknown, error: unknown) => {
    const detail =
      error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.message !== PAYMENT_TEXTS.adminApprovalError
        ? error.message
        : undefined;
    alert.show(detail ? { heading: PAYMENT_TEXTS.adminApprovalError, body: detail } : { body: PAYMENT_TEXTS.adminApprovalError });
  };

  const ready = confirmed !== undefined && confirmed.appointmentId === appointment?.id && confirmed.amount === wholeDollars(amount);
  const amountCents = AdminAmountSchema.safeParse(amount).success ? Number(wholeDollars(amount)) * 100 : 0;

  return (
    <div className="admin-payment-page">
      <h1 className="mb-3">Take a Payment</h1>
      <p className="lead">Take a payment on a customer's behalf, for example over the phone.</p>
      <CustomerCheck
        onChecked={(checked) => {
          setEmail(checked);
          setAppointment(undefined);
          setConfirmed(undefined);
        }}
      />
      {email && <AppointmentChoice email={email} chosen={appointment?.id} onChoose={choose} />}
      {appointment && (
        <section className="admin-payment-step" aria-labelledby={`${id}-pay-title`}>
          <h2 id={`${id}-pay-title`} className="h4">
            3. Confirm the amount and pay
          </h2>
          <Form noValidate onSubmit={confirmAmount} className="mb-3">
            <Form.Group controlId={`${id}-amount`}>
              <Form.Label className="fw-semibold">Amount in whole dollars</Form.Label>
              <InputGroup size="lg" className="amount-group">
                <InputGroup.Text>$</InputGroup.Text>
                <Form.Control
                  inputMode="numeric"
                  autoComplete="off"
                  value={amount}
                  onChange={(event) => {
                    setAmount(event.target.value);
                    setAmountInvalid(false);
                  }}
                  isInvalid={amountInvalid}
                  aria-invalid={amountInvalid || undefined}
                  aria-describedby={`${id}-amount-hint`}
                />
                <Button type="submit" variant="outline-primary">
                  Confirm amount
                </Button>
              </InputGroup>
              <Form.Text id={`${id}-amount-hint`} className="d-block">
                Digits only, for example 75. The pay button works once you have confirmed the amount.
              </Form.Text>
            </Form.Group>
          </Form>
          {alert.element}
          <PaymentButtons
            amountCents={amountCents}
            disabled={!ready}
            createOrder={() => createOrder.mutateAsync({ appointmentId: appointment.id, amount: confirmed?.amount ?? '' })}
            captureOrder={captureOrder.mutateAsync}
            onPaid={onPaid}
            onFailure={onFailure}
          />
        </section>
      )}
      {!appointment && alert.message && <div className="mt-3">{alert.element}</div>}
    </div>
  );
}

export { AdminPaymentPage as Component };
