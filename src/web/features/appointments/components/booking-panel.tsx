import '../appointments.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { APPOINTMENT_TEXTS, type CustomerAppointment, canBookMore } from '../../../../shared/appointments.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { showToast } from '../../../components/toast.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { translate } from '../../../lib/i18n.ts';
import { bookingFailureText, useBookAppointment } from '../api/book-appointment.ts';
import { SlotChoiceCalendar, SlotChoiceStatus, SlotChoiceTimes, useSlotChoice } from './slot-choice.tsx';

/**
 * The booking panel of /home: a weekend day on the calendar, one of its free times, In-Person or Remote, then
 * Confirm. At the limit of open appointments the whole picker is disabled and says why.
 */
export function BookingPanel({ openCount, onBooked }: { openCount: number; onBooked: (appointment: CustomerAppointment) => void }) {
  const { t } = useLingui();
  const id = useId();
  const booking = useBookAppointment();
  const confirm = useConfirm();
  const alert = useTimedAlert();
  const choice = useSlotChoice();
  const [isRemote, setIsRemote] = useState(false);
  const limitReached = !canBookMore(openCount);

  if (!choice.view) {
    return (
      <BookingSection id={id}>
        <SlotChoiceStatus choice={choice} />
      </BookingSection>
    );
  }
  const { selectedDate } = choice;
  const { chosenSlot } = choice.view;

  const fail = (message: string) => {
    showToast(message, 'error');
    alert.show({ body: message });
  };

  const confirmBooking = async () => {
    if (booking.isPending) return;
    if (!selectedDate || !chosenSlot) {
      fail(translate(APPOINTMENT_TEXTS.selectTimeError));
      return;
    }
    const question = isRemote
      ? t`Are you sure you want a Remote visit? If YES select OK`
      : t`Are you sure you want a In-Person visit? If YES select OK`;
    if (!(await confirm(question))) return;
    try {
      const created = await booking.mutateAsync({ date: selectedDate, slot: chosenSlot, isRemote });
      choice.setSlot(undefined);
      alert.clear();
      onBooked(created);
    } catch (error) {
      // The booking's mutation has recorded the failure and shown the toast; the panel says it too, for screen readers.
      alert.show({ body: bookingFailureText(error) });
      if (error instanceof ApiRequestError && ['SLOT_TAKEN', 'SLOT_CLOSED', 'TOO_SOON'].includes(error.code)) choice.setSlot(undefined);
    }
  };

  const limitId = `${id}-limit`;

  return (
    <BookingSection id={id}>
      {limitReached && (
        <Alert variant="info" id={limitId} className="fs-5">
          {translate(APPOINTMENT_TEXTS.limitReached)}
        </Alert>
      )}
      <fieldset disabled={limitReached} aria-describedby={limitReached ? limitId : undefined} className="booking-fieldset">
        <legend className="visually-hidden">
          <Trans>Choose a day, a time and the kind of visit</Trans>
        </legend>
        <div className="booking-columns">
          <SlotChoiceCalendar
            choice={choice}
            heading={t`1. Choose a Saturday or Sunday`}
            busy={limitReached}
            onChooseDate={() => showToast(translate(APPOINTMENT_TEXTS.selectTimeToast))}
          />
          <div>
            <SlotChoiceTimes choice={choice} idPrefix={id} legend={t`2. Choose a time`} legendOn={(day) => t`2. Choose a time on ${day}`} />
            <fieldset className="visit-type mt-4">
              <legend className="h5">
                <Trans>3. Choose the kind of visit</Trans>
              </legend>
              <Form.Check
                type="radio"
                id={`${id}-in-person`}
                name={`${id}-visit-type`}
                label={t`In-Person`}
                checked={!isRemote}
                onChange={() => setIsRemote(false)}
              />
              <Form.Check
                type="radio"
                id={`${id}-remote`}
                name={`${id}-visit-type`}
                label={t`Remote`}
                checked={isRemote}
                onChange={() => setIsRemote(true)}
              />
            </fieldset>
            <div className="mt-3">{alert.element}</div>
            <Button size="lg" className="booking-confirm mt-2 px-3 px-sm-5 mw-100" onClick={confirmBooking}>
              {booking.isPending ? <Trans>Booking…</Trans> : <Trans>Confirm</Trans>}
            </Button>
          </div>
        </div>
      </fieldset>
    </BookingSection>
  );
}

function BookingSection({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="booking-panel my-4">
      <h2 id={`${id}-heading`} className="h3">
        <Trans>Book a visit</Trans>
      </h2>
      {children}
    </section>
  );
}
