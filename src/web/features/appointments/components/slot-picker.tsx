import { SLOT_CLOSED_TEXT } from '../../../../shared/appointments.ts';
import type { SlotLabel } from '../../../../shared/business.ts';
import type { DaySlot } from '../booking-days.ts';

/** Each unbookable slot says why, in words: booked, unavailable, closed by the owner, or too soon to book. */
const STATUS_TEXT = { taken: 'Booked', closed: 'Unavailable', ...SLOT_CLOSED_TEXT } as const;

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
            <span className="slot-time">{slot.label}</span>
            {slot.status !== 'free' && (
              <span className="slot-status">
                {slot.status === 'taken' && slot.startsAt.getTime() === ownStartsAt ? 'Your visit' : STATUS_TEXT[slot.status]}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
