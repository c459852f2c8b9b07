import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { SlotLabel } from '../../../../shared/business.ts';
import { type BusinessDate, businessDateOf, zoneNoteFor } from '../../../../shared/business-time.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { translate } from '../../../lib/i18n.ts';
import { useAvailability } from '../api/get-availability.ts';
import { bookingWindowOf, closedSpansOf, hasFreeSlot, monthOf, monthToSkipTo, slotsForDay, takenSet } from '../booking-days.ts';
import { longDate } from '../formats.ts';
import { BookingCalendar } from './booking-calendar.tsx';
import { SlotPicker } from './slot-picker.tsx';

/** Past slots close as the clock moves on; the choice looks again this often. */
const CLOCK_TICK_MS = 60_000;

function useTicker(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const VIEWER_ZONE_NOTE = zoneNoteFor(Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * A weekend day and one of its free times, as the booking panel and the reschedule dialog ask for them: the month
 * shown, the chosen day and time, and the server's availability of both months (kept live by slot events).
 */
export function useSlotChoice() {
  const ticker = useTicker();
  const [month, setShownMonth] = useState(() => monthOf(businessDateOf(new Date())));
  /** Whether the person has moved the calendar to another month themselves. */
  const [monthChosen, setMonthChosen] = useState(false);
  const [selectedDate, setSelectedDate] = useState<BusinessDate>();
  const [slot, setSlot] = useState<SlotLabel>();
  const shown = useAvailability(month);
  const chosen = useAvailability(selectedDate ? monthOf(selectedDate) : month);

  const view = (() => {
    if (!shown.data) return undefined;
    // The server's clock decides what is past; the browser's may be wrong.
    const clockOffset = Date.parse(shown.data.now) - shown.dataUpdatedAt;
    const bookingWindow = bookingWindowOf(shown.data, new Date(ticker + clockOffset));
    const chosenWindow = { ...bookingWindow, closed: [...(bookingWindow.closed ?? []), ...closedSpansOf(chosen.data)] };
    const slots = selectedDate ? slotsForDay(selectedDate, takenSet(chosen.data), chosenWindow) : [];
    return {
      bookingWindow,
      shownTaken: takenSet(shown.data),
      lastBookableDate: shown.data.lastBookableDate,
      slots,
      chosenSlot: slots.find((candidate) => candidate.label === slot && candidate.status === 'free')?.label,
    };
  })();

  // Opened in a month's last days, when this month has no day left to choose, the calendar moves on by itself to
  // the first month that has one (until the person moves it or chooses a day), rather than show only closed days.
  const skipTo =
    view && !monthChosen && !selectedDate && !shown.isPlaceholderData
      ? monthToSkipTo(month, view.shownTaken, view.bookingWindow, view.lastBookableDate)
      : undefined;
  // Set while rendering, so that no frame shows the empty month as loaded: the next render reads the new month.
  if (skipTo) setShownMonth(skipTo);

  const setMonth = (shownMonth: string) => {
    setMonthChosen(true);
    setShownMonth(shownMonth);
  };
  const chooseDate = (date: BusinessDate) => {
    if (date !== selectedDate) setSlot(undefined);
    setSelectedDate(date);
  };
  return { month, setMonth, selectedDate, chooseDate, setSlot, shown, view };
}

export type SlotChoice = ReturnType<typeof useSlotChoice>;

/** The calendar could not be read, or is being read: what stands in place of the choice. */
export function SlotChoiceStatus({ choice }: { choice: SlotChoice }): ReactNode {
  const { t } = useLingui();
  const { shown } = choice;
  if (shown.isError && !shown.data) {
    const problem = errorText(shown.error);
    return (
      <Alert variant="danger">
        <p>{problem ?? t`The calendar could not be loaded.`}</p>
        <Button variant="outline-danger" onClick={() => void shown.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }
  return <LoadingSpinner label={t`Loading the calendar…`} />;
}

/** The month calendar of weekend days; `onChooseDate` hears each chosen day after the choice has taken it. */
export function SlotChoiceCalendar({
  choice,
  heading,
  busy,
  onChooseDate,
}: {
  choice: SlotChoice;
  heading: string;
  busy: boolean;
  onChooseDate?: (date: BusinessDate) => void;
}) {
  const { view } = choice;
  if (!view) return null;
  return (
    <div>
      <h3 className="h5">{heading}</h3>
      <BookingCalendar
        month={choice.month}
        onMonthChange={choice.setMonth}
        selectedDate={choice.selectedDate}
        onChooseDate={(date) => {
          choice.chooseDate(date);
          onChooseDate?.(date);
        }}
        isOpenDay={(date) => hasFreeSlot(date, view.shownTaken, view.bookingWindow)}
        firstDate={businessDateOf(view.bookingWindow.now)}
        lastDate={view.lastBookableDate}
        busy={busy || choice.shown.isPlaceholderData}
      />
    </div>
  );
}

/** The eight times of the chosen day, in a group whose legend names the day. */
export function SlotChoiceTimes({
  choice,
  idPrefix,
  legend,
  legendOn,
  ownStartsAt,
}: {
  choice: SlotChoice;
  idPrefix: string;
  legend: string;
  legendOn: (longDate: string) => string;
  /** The visit being moved, whose slot is marked as its own. */
  ownStartsAt?: number;
}) {
  const { view, selectedDate } = choice;
  if (!view) return null;
  const zoneNote = VIEWER_ZONE_NOTE && translate(VIEWER_ZONE_NOTE);
  const zoneNoteId = `${idPrefix}-zone`;
  return (
    <fieldset className="slot-fieldset" aria-describedby={VIEWER_ZONE_NOTE ? zoneNoteId : undefined}>
      <legend className="h5">{selectedDate ? legendOn(longDate(selectedDate)) : legend}</legend>
      {VIEWER_ZONE_NOTE && (
        <p id={zoneNoteId} className="zone-note">
          <Trans>Times are {zoneNote}</Trans>
        </p>
      )}
      {selectedDate ? (
        <SlotPicker slots={view.slots} selected={view.chosenSlot} onSelect={choice.setSlot} ownStartsAt={ownStartsAt} />
      ) : (
        <p className="text-body-secondary">
          <Trans>Choose a day on the calendar first.</Trans>
        </p>
      )}
    </fieldset>
  );
}
