import { useLingui } from '@lingui/react/macro';
import { SLOT_CLOSED_TEXT } from '../../../../shared/appointments.ts';
import type { SlotLabel } from '../../../../shared/business.ts';
import { translate } from '../../../lib/i18n.ts';
import type { DaySlot, SlotStatus } from '../booking-days.ts';
import { slotTime } from '../formats.ts';

/**
 * The eight times of the chosen day as toggle buttons (inside the panel's labelled group). Times that cannot be booked stay in the list (so nobody
 * wonders where they went), marked aria-disabled with the reason in words.
 */
export function SlotPicker({
  slots,
  selected,
  onSelect,
  ownStartsAt,
}: {
  slots: DaySlot[];
  selected: SlotLabel | undefined;
  onSelect: (slot: SlotLabel) => void;
  /** The visit being moved: its own slot says so instead of "Booked". */
  ownStartsAt?: number | undefined;
}) {
  const { t } = useLingui();
  /** Each unbookable slot says why, in words: booked, unavailable, closed by the owner, or too soon to book. */
  const statusText = (status: Exclude<SlotStatus, 'free'>): string =>
    status === 'taken' ? t`Booked` : status === 'closed' ? t`Unavailable` : translate(SLOT_CLOSED_TEXT[status]);
  return (
    <div className="slot-grid">
      {slots.map((slot) => {
        const free = slot.status === 'free';
        const pressed = free && slot.label === selected;
        return (
          <button
            key={slot.label}
            type="button"
            className={`btn btn-lg slot-button ${pressed ? 'btn-primary' : free ? 'btn-outline-primary' : 'slot-unavailable'}`}
            aria-pressed={pressed}
            aria-disabled={free ? undefined : true}
            onClick={() => {
              if (free) onSelect(slot.label);
            }}
          >
            <span className="slot-time">{slotTime(slot.label, slot.startsAt)}</span>
            {slot.status !== 'free' && (
              <span className="slot-status">
                {slot.status === 'taken' && slot.startsAt.getTime() === ownStartsAt ? t`Your visit` : statusText(slot.status)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
