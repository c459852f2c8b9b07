import 'react-day-picker/style.css';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import { DateLib, type DateLibOptions, DayPicker, type Modifiers } from 'react-day-picker';
import { es } from 'react-day-picker/locale/es';
import { BUSINESS_TIME_ZONE, SLOT_LABELS } from '../../../../shared/business.ts';
import { type BusinessDate, businessDateOf, slotInstant } from '../../../../shared/business-time.ts';
import { monthOf } from '../booking-days.ts';
import { spanishMonthCaption, spanishWeekday } from '../formats.ts';

/** An instant inside a New York day, which the calendar (set to the New York zone) reads as that day. */
function instantOfDay(date: BusinessDate): Date {
  return slotInstant(date, SLOT_LABELS[0]);
}

type NavButtonProps = ComponentProps<'button'>;

/** The spec's navigation texts; the arrows are decoration, so the buttons are named "prev month" and "next month". */
function PreviousMonthButton({ 'aria-label': _label, children: _chevron, ...button }: NavButtonProps) {
  return (
    <button {...button}>
      <span aria-hidden="true">{'<< '}</span>
      <Trans>prev month</Trans>
    </button>
  );
}

function NextMonthButton({ 'aria-label': _label, children: _chevron, ...button }: NavButtonProps) {
  return (
    <button {...button}>
      <Trans>next month</Trans>
      <span aria-hidden="true">{' >>'}</span>
    </button>
  );
}

const NAVIGATION = { PreviousMonthButton, NextMonthButton };

/**
 * In Spanish: DayPicker's Spanish labels (the days' names for screen readers), the month and weekdays by `Intl` in
 * New York time ("noviembre de 2026", "sáb"), and the week still starting on Sunday, as calendars do in the US.
 * English keeps DayPicker's own (American English) texts.
 */
const SPANISH = {
  locale: es,
  weekStartsOn: 0,
  formatters: { formatCaption: spanishMonthCaption, formatWeekdayName: spanishWeekday },
} as const;

/**
 * The month calendar of the booking panel, in New York dates whatever the browser's zone. Only days with a free
 * slot can be chosen, and full days (`isFullDay`) to ask to be told when a time opens up (issue 39), marked as full;
 * arrow keys move between them, Enter or Space chooses.
 */
export function BookingCalendar({
  month,
  onMonthChange,
  selectedDate,
  onChooseDate,
  isOpenDay,
  firstDate,
  lastDate,
  busy,
  isFullDay,
}: {
  /** The month shown, YYYY-MM. */
  month: string;
  onMonthChange: (month: string) => void;
  selectedDate: BusinessDate | undefined;
  onChooseDate: (date: BusinessDate) => void;
  /** Whether a day can be chosen; false for every day while `busy`. */
  isOpenDay: (date: BusinessDate) => boolean;
  firstDate: BusinessDate;
  lastDate: BusinessDate;
  busy: boolean;
  /** A day without a free time that may be waited for: chosen like an open day, shown as full. */
  isFullDay?: (date: BusinessDate) => boolean;
}) {
  const { i18n, t } = useLingui();
  // DayPicker's English labels for screen readers, from the catalogue (its Spanish locale brings its own, which
  // already holds the number shown: "sábado, 28 de noviembre de 2026"). A day is named with the number it shows,
  // "Saturday, November 28, 2026", not DayPicker's "November 28th", so that a person using voice control can say
  // "click 28" (WCAG 2.5.3 Label in Name).
  const labels = {
    labelNav: () => t`Navigation bar`,
    labelDayButton: (date: Date, modifiers: { today?: boolean; selected?: boolean }, _options: unknown, dateLib?: DateLib) => {
      const day = (dateLib ?? new DateLib({ timeZone: BUSINESS_TIME_ZONE })).format(date, 'EEEE, MMMM d, y');
      const named = modifiers.today ? t`Today, ${day}` : day;
      const label = isFullDay?.(businessDateOf(date)) ? t`${named}, full` : named;
      return modifiers.selected ? t`${label}, selected` : label;
    },
  };
  // In Spanish DayPicker names the days itself; a full day is named full there too.
  const spanishLabels = {
    labelDayButton: (date: Date, modifiers: Modifiers, options?: DateLibOptions, dateLib?: DateLib) => {
      const own = es.labels?.labelDayButton;
      const named = typeof own === 'function' ? own(date, modifiers, options, dateLib) : (own ?? '');
      return isFullDay?.(businessDateOf(date)) ? t`${named}, full` : named;
    },
  };
  return (
    <div className="booking-calendar" aria-busy={busy || undefined}>
      <DayPicker
        mode="single"
        required
        timeZone={BUSINESS_TIME_ZONE}
        month={instantOfDay(`${month}-01`)}
        onMonthChange={(shown) => onMonthChange(monthOf(businessDateOf(shown)))}
        startMonth={instantOfDay(firstDate)}
        endMonth={instantOfDay(lastDate)}
        selected={selectedDate ? instantOfDay(selectedDate) : undefined}
        onDayClick={(day) => onChooseDate(businessDateOf(day))}
        disabled={busy ? true : (day: Date) => !isOpenDay(businessDateOf(day)) && !isFullDay?.(businessDateOf(day))}
        modifiers={isFullDay ? { full: (day: Date) => isFullDay(businessDateOf(day)) } : undefined}
        modifiersClassNames={{ full: 'booking-day-full' }}
        components={NAVIGATION}
        {...(i18n.locale === 'es' ? { ...SPANISH, labels: spanishLabels } : { labels })}
      />
    </div>
  );
}
