import '../appointments.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { APPOINTMENT_TEXTS, type CustomerAppointment, canBookMore } from '../../../../shared/appointments.ts';
import { businessDateOf } from '../../../../shared/business-time.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { showToast } from '../../../components/toast.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { translate } from '../../../lib/i18n.ts';
import { bookingFailureText, useBookAppointment } from '../api/book-appointment.ts';
import { hasFreeSlot, slotsForDay } from '../booking-days.ts';
import { visitDetails } from '../visit-details.ts';
import { BookingCalendar } from './booking-calendar.tsx';
import { SlotChoiceStatus, SlotChoiceTimes, useSlotChoice } from './slot-choice.tsx';
import { VisitKindChoice } from './visit-kind-choice.tsx';
import { isFullDay, WaitlistDays, WaitlistJoin } from './waitlist-join.tsx';

/**
 * The booking panel of /home: a weekend day on the calendar, one of its free times, In-Person or Remote, then
 * Confirm. At the limit of open appointments the whole picker is disabled and says why. A full day can be chosen
 * too, to ask to be told when a time opens up (the waitlist, issue 39); the days waited for are listed above.
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
  const { selectedDate, view } = choice;
  const { chosenSlot } = view;
  const fullDay = (date: string) => isFullDay(slotsForDay(date, view.shownTaken, view.bookingWindow));

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
    // The spec's question, then what exactly is booked: the day, the time, the type and the place.
    if (!(await confirm(question, { details: visitDetails({ date: selectedDate, slot: chosenSlot, isRemote }) }))) return;
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
      <WaitlistDays />
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
          <div>
            <h3 className="h5">{t`1. Choose a Saturday or Sunday`}</h3>
            <BookingCalendar
              month={choice.month}
              onMonthChange={choice.setMonth}
              selectedDate={selectedDate}
              onChooseDate={(date) => {
                choice.chooseDate(date);
                if (!fullDay(date)) showToast(translate(APPOINTMENT_TEXTS.selectTimeToast));
              }}
              isOpenDay={(date) => hasFreeSlot(date, view.shownTaken, view.bookingWindow)}
              isFullDay={fullDay}
              firstDate={businessDateOf(view.bookingWindow.now)}
              lastDate={view.lastBookableDate}
              busy={limitReached || choice.shown.isPlaceholderData}
            />
          </div>
          <div>
            <SlotChoiceTimes choice={choice} idPrefix={id} legend={t`2. Choose a time`} legendOn={(day) => t`2. Choose a time on ${day}`} />
            {selectedDate && isFullDay(view.slots) && <WaitlistJoin date={selectedDate} />}
            <VisitKindChoice
              legend={<Trans>3. Choose the kind of visit</Trans>}
              isRemote={isRemote}
              onChange={setIsRemote}
              className="mt-4"
            />
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
