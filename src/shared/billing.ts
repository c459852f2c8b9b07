import { extraHalfHours, FEES, type ServiceKind } from './business.ts';
import { english, fillIn } from './english.ts';

/**
 * The bill of a visit from the clock (issue: "after the visit"): the fee schedule of business.ts applied to the time
 * the work took, line by line, plus the hardware fitted. Whole cents throughout; the server computes it, the back
 * office shows the same lines before the owner saves.
 */

export const SERVICE_KINDS = ['troubleshooting', 'consulting'] as const satisfies readonly ServiceKind[];

/** A line of the bill: an English text of its own (translated with its values) and its amount. */
export type BillLine = { text: string; values: Record<string, string | number>; cents: number };
export type AppointmentBill = { kind: ServiceKind; minutes: number; lines: BillLine[]; totalCents: number };
export type HardwareLine = { description: string; cents: number };

export const BILL_TEXTS = {
  adjustment: english('Adjustment'),
  /** The one line of a job whose amount was typed, not billed from the clock. */
  visit: english('Technology help visit'),
  firstHour: { troubleshooting: english('First hour of troubleshooting'), consulting: english('First hour of consulting') },
  extraHalfHours: english('{count, plural, one {# extra half-hour} other {# extra half-hours}}'),
} as const;

/** A time of day, "HH:MM" on the 24-hour clock. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The minutes from `start` to `end`, both "HH:MM" of one day; null unless the end comes after the start. */
export function minutesBetween(start: string, end: string): number | null {
  const parse = (time: string) => {
    const match = TIME_OF_DAY_PATTERN.exec(time);
    return match ? Number(match[1]) * 60 + Number(match[2]) : null;
  };
  const from = parse(start);
  const to = parse(end);
  return from === null || to === null || to <= from ? null : to - from;
}

/** "1 h 40 min", "1 h", "45 min": how long the work took, as the bill says it. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The bill of `minutes` of `kind` of work, with the hardware fitted: the first hour, the extra half-hours, each part. */
export function appointmentBill(kind: ServiceKind, minutes: number, hardware: readonly HardwareLine[] = []): AppointmentBill {
  const fee = FEES[kind];
  const extra = extraHalfHours(kind, minutes);
  const lines: BillLine[] = [{ text: BILL_TEXTS.firstHour[kind], values: {}, cents: fee.hourlyDollars * 100 }];
  if (extra > 0) lines.push({ text: BILL_TEXTS.extraHalfHours, values: { count: extra }, cents: extra * fee.incrementDollars * 100 });
  for (const part of hardware) lines.push({ text: part.description, values: {}, cents: part.cents });
  return { kind, minutes, lines, totalCents: lines.reduce((sum, line) => sum + line.cents, 0) };
}

/** A line in English, its placeholders filled (the plural in the English way): for the history and the CSV. */
export function lineInEnglish(line: BillLine): string {
  if (line.text === BILL_TEXTS.extraHalfHours) {
    const count = Number(line.values.count);
    return `${count} extra half-hour${count === 1 ? '' : 's'}`;
  }
  return fillIn(line.text, line.values);
}

const TIME_TEXTS = new Set<string>([...Object.values(BILL_TEXTS.firstHour), BILL_TEXTS.extraHalfHours]);

/** Whether a line is the clock's (the first hour, the extra half-hours) rather than a hardware part. */
export function isTimeLine(line: BillLine): boolean {
  return TIME_TEXTS.has(line.text);
}

/**
 * Whether a line's text is one of ours, to be translated; a part keeps the owner's own words, never read as a message
 * (a brace in it must not become a placeholder).
 */
export function isOurLine(line: BillLine): boolean {
  return isTimeLine(line) || line.text === BILL_TEXTS.adjustment || line.text === BILL_TEXTS.visit;
}

/**
 * What the customer is shown of a bill: its lines and, when the owner charged a different amount, the difference as
 * an adjustment, so that the lines add up to what is paid (the owner's reason stays in the back office). Null
 * unless the bill is what the job's amount came from.
 */
export function customerLines(
  bill: { lines: BillLine[]; computedCents: number; totalCents: number } | null,
  amountCents: number,
): BillLine[] | null {
  if (!bill || bill.totalCents !== amountCents) return null;
  const difference = bill.totalCents - bill.computedCents;
  return difference === 0 ? bill.lines : [...bill.lines, { text: BILL_TEXTS.adjustment, values: {}, cents: difference }];
}
