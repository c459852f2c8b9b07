import '../appointments.css';
import { format } from 'date-fns';
import { type ReactNode, useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { APPOINTMENT_TEXTS, type CustomerAppointment, canBookMore, visitTypeLabel } from '../../../../shared/appointments.ts';
import type { SlotLabel } from '../../../../shared/business.ts';
import { type BusinessDate, businessDateOf, inBusinessZone, slotInstant, zoneNoteFor } from '../../../../shared/business-time.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { showToast } from '../../../components/toast.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/api-failure.ts';
import { bookingFailureText, useBookAppointment } from '../api/book-appointment.ts';
import { useAvailability } from '../api/get-availability.ts';
import { bookingWindowOf, closedSpansOf, hasFreeSlot, monthOf, slotsForDay, takenSet } from '../booking-days.ts';
import { BookingCalendar } from './booking-calendar.tsx';
import { SlotPicker } from './slot-picker.tsx';

/** Past slots close as the clock moves on; the panel looks again this often. */
const CLOCK_TICK_MS = 60_000;

function useTicker(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** "Saturday, November 28, 2026", New York date. */
function longDate(date: BusinessDate): string {
  return format(inBusinessZone(slotInstant(date, '08:00am')), 'EEEE, MMMM d, yyyy');
}

const VIEWER_ZONE_NOTE = zoneNoteFor(Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * The booking panel of /home: a weekend day on the calendar, one of its free times, In-Person or Remote, then
 * Confirm. At the limit of open appointments the whole picker is disabled and says why.
 */
export function BookingPanel({ openCount, onBooked }: { openCount: number; onBooked: (appointment: CustomerAppointment) => void }) {
  const id = useId();
  const booking = useBookAppointment();
  const confirm = useConfirm();
  const alert = useTimedAlert();
  const ticker = useTicker();
  const [month, setMonth] = useState(() => monthOf(businessDateOf(new Date())));
  const [selectedDate, setSelectedDate] = useState<BusinessDate>();
  const [slot, setSlot] = useState<SlotLabel>();
  const [isRemote, setIsRemote] = useState(false);

  const shown = useAvailability(month);
  const chosen = useAvailability(selectedDate ? monthOf(selectedDate) : month);
  const limitReached = !canBookMore(openCount);

  if (shown.isError && !shown.data) {
    return (
      <BookingSection id={id}>
        <Alert variant="danger">
          <p>{serverMessage(shown.error) ?? 'The calendar could not be loaded.'}</p>
          <Button variant="outline-danger" onClick={() => void shown.refetch()}>
            Try again
          </Button>
        </Alert>
      </BookingSection>
    );
  }
  if (!shown.data) {
    return (
      <BookingSection id={id}>
        <LoadingSpinner label="Loading the calendar…" />
      </BookingSection>
    );
  }

  // The server's clock decides what is past; the browser's may be wrong.
  const clockOffset = Date.parse(shown.data.now) - shown.dataUpdatedAt;
  const bookingWindow = bookingWindowOf(shown.data, new Date(ticker + clockOffset));
  const shownTaken = takenSet(shown.data);
  const chosenWindow = { ...bookingWindow, closed: [...(bookingWindow.closed ?? []), ...closedSpansOf(chosen.data)] };
  const slots = selectedDate ? slotsForDay(selectedDate, takenSet(chosen.data), chosenWindow) : [];
  const chosenSlot = slots.find((candidate) => candidate.label === slot && candidate.status === 'free')?.label;

  const fail = (message: string) => {
    showToast(message, 'error');
    alert.show({ body: message });
  };

  const chooseDate = (date: BusinessDate) => {
    if (date !== selectedDate) setSlot(undefined);
    setSelectedDate(date);
    showToast(APPOINTMENT_TEXTS.selectTimeToast);
  };

  const confirmBooking = async () => {
    if (booking.isPending) return;
    if (!selectedDate || !chosenSlot) {
      fail(APPOINTMENT_TEXTS.selectTimeError);
      return;
    }
    if (!(await confirm(APPOINTMENT_TEXTS.confirmVisit(visitTypeLabel(isRemote))))) return;
    try {
      const created = await booking.mutateAsync({ date: selectedDate, slot: chosenSlot, isRemote });
      setSlot(undefined);
      alert.clear();
      onBooked(created);
    } catch (error) {
      // The booking's mutation has recorded the failure and shown the toast; the panel says it too, for screen readers.
      alert.show({ body: bookingFailureText(error) });
      if (error instanceof ApiRequestError && ['SLOT_TAKEN', 'SLOT_CLOSED', 'TOO_SOON'].includes(error.code)) setSlot(undefined);
    }
  };

  const limitId = `${id}-limit`;
  const zoneNoteId = `${id}-zone`;

  return (
    <BookingSection id={id}>
      {limitReached && (
        <Alert variant="info" id={limitId} className="fs-5">
          {APPOINTMENT_TEXTS.limitReached}
        </Alert>
      )}
      <fieldset disabled={limitReached} aria-describedby={limitReached ? limitId : undefined} className="booking-fieldset">
        <legend className="visually-hidden">Choose a day, a time and the kind of visit</legend>
        <div className="booking-columns">
          <div>
            <h3 className="h5">1. Choose a Saturday or Sunday</h3>
            <BookingCalendar
              month={month}
              onMonthChange={setMonth}
              selectedDate={selectedDate}
              onChooseDate={chooseDate}
              isOpenDay={(date) => hasFreeSlot(date, shownTaken, bookingWindow)}
              firstDate={businessDateOf(bookingWindow.now)}
              lastDate={shown.data.lastBookableDate}
              busy={limitReached || shown.isPlaceholderData}
            />
          </div>
          <div>
            <fieldset className="slot-fieldset" aria-describedby={VIEWER_ZONE_NOTE ? zoneNoteId : undefined}>
              <legend className="h5">{selectedDate ? `2. Choose a time on ${longDate(selectedDate)}` : '2. Choose a time'}</legend>
              {VIEWER_ZONE_NOTE && (
                <p id={zoneNoteId} className="zone-note">
                  Times are {VIEWER_ZONE_NOTE}
                </p>
              )}
              {selectedDate ? (
                <SlotPicker slots={slots} selected={chosenSlot} onSelect={setSlot} />
              ) : (
                <p className="text-body-secondary">Choose a day on the calendar first.</p>
              )}
            </fieldset>
            <fieldset className="visit-type mt-4">
              <legend className="h5">3. Choose the kind of visit</legend>
              <Form.Check
                type="radio"
                id={`${id}-in-person`}
                name={`${id}-visit-type`}
                label="In-Person"
                checked={!isRemote}
                onChange={() => setIsRemote(false)}
              />
              <Form.Check
                type="radio"
                id={`${id}-remote`}
                name={`${id}-visit-type`}
                label="Remote"
                checked={isRemote}
                onChange={() => setIsRemote(true)}
              />
            </fieldset>
            <div className="mt-3">{alert.element}</div>
            <Button size="lg" className="mt-2 px-5" onClick={confirmBooking}>
              {booking.isPending ? 'Booking…' : 'Confirm'}
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
        Book a visit
      </h2>
      {children}
    </section>
  );
}
