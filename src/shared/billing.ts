import { extraHalfHours, FEES, type ServiceKind } from './business.ts';
import { english, fillIn } from './english.ts';
import { type BillTax, JURISDICTIONS, type Jurisdiction, rateText, TAX_TEXTS, type TaxClass, taxLineText } from './sales-tax.ts';

/**
 * The bill of a visit from the clock (issue: "after the visit"): the fee schedule of business.ts applied to the time
 * the work took, line by line, plus the hardware fitted. Whole cents throughout; the server computes it, the back
 * office shows the same lines before the owner saves.
 */

export const SERVICE_KINDS = ['troubleshooting', 'consulting'] as const satisfies readonly ServiceKind[];

/**
 * A line of the bill: an English text of its own (translated with its values), its amount and, on the lines of a
 * bill, its tax class (src/shared/sales-tax.ts; bills from before sales tax have none). The tax line and an exempt
 * customer's note have none either: they are not sold.
 */
export type BillLine = { text: string; values: Record<string, string | number>; cents: number; taxClass?: TaxClass };
export type AppointmentBill = { kind: ServiceKind; minutes: number; lines: BillLine[]; totalCents: number };
/** A part fitted, or a line of its own: taxable goods unless its class says otherwise. */
export type HardwareLine = { description: string; cents: number; taxClass?: TaxClass };

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

/**
 * The bill of `minutes` of `kind` of work, with the hardware fitted: the first hour, the extra half-hours (both of
 * `timeTaxClass`), each part of its own class. What it comes to is before tax.
 */
export function appointmentBill(
  kind: ServiceKind,
  minutes: number,
  hardware: readonly HardwareLine[] = [],
  timeTaxClass: TaxClass = 'not-taxable',
): AppointmentBill {
  const fee = FEES[kind];
  const extra = extraHalfHours(kind, minutes);
  const lines: BillLine[] = [{ text: BILL_TEXTS.firstHour[kind], values: {}, cents: fee.hourlyDollars * 100, taxClass: timeTaxClass }];
  if (extra > 0) {
    lines.push({
      text: BILL_TEXTS.extraHalfHours,
      values: { count: extra },
      cents: extra * fee.incrementDollars * 100,
      taxClass: timeTaxClass,
    });
  }
  for (const part of hardware) {
    lines.push({ text: part.description, values: {}, cents: part.cents, taxClass: part.taxClass ?? 'taxable-goods' });
  }
  return { kind, minutes, lines, totalCents: lines.reduce((sum, line) => sum + line.cents, 0) };
}

/** A line in English, its placeholders filled (the plural in the English way): for the history and the CSV. */
export function lineInEnglish(line: BillLine): string {
  if (line.text === TAX_TEXTS.line) {
    const place = String(line.values.jurisdiction);
    const county = (JURISDICTIONS as readonly string[]).includes(place) ? TAX_TEXTS.jurisdictions[place as Jurisdiction] : place;
    return `Sales tax (${county} ${line.values.rate})`;
  }
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
  return isTimeLine(line) || line.text === BILL_TEXTS.adjustment || line.text === BILL_TEXTS.visit || TAX_LINE_TEXTS.has(line.text);
}

const TAX_LINE_TEXTS = new Set<string>([TAX_TEXTS.line, TAX_TEXTS.exemptOrganization, TAX_TEXTS.exemptResale]);

/** Whether a line is the bill's sales tax (or an exempt customer's note in its place), not something sold. */
export function isTaxLine(line: BillLine): boolean {
  return TAX_LINE_TEXTS.has(line.text);
}

/**
 * How many of what a line counts, and at what rate, for a line sold by the unit: "2 × $25.00" for two extra
 * half-hours, "1 × $25.00" for one (issue: each line's quantity and rate). Null for a line that is not counted (the
 * first hour, a part, the tax), and for a count the amount does not divide into whole cents.
 */
export function lineQuantity(line: BillLine): { count: number; eachCents: number } | null {
  if (line.text !== BILL_TEXTS.extraHalfHours) return null;
  const count = Number(line.values.count);
  return Number.isInteger(count) && count >= 1 && Number.isInteger(line.cents / count) ? { count, eachCents: line.cents / count } : null;
}

/** The line that states the tax of a bill: its amount, or the exemption with no amount. */
export function taxLine(tax: BillTax): BillLine {
  return { ...taxLineText(tax), cents: tax.taxCents };
}

export { rateText };

/**
 * What the customer is shown of a bill: its lines and, when the owner charged a different amount, the difference as
 * an adjustment, so that the lines add up to what is paid (the owner's reason stays in the back office). Null
 * unless the bill is what the job's amount came from.
 */
export function customerLines(
  bill: { lines: BillLine[]; computedCents: number; totalCents: number; subtotalCents?: number; tax?: BillTax } | null,
  amountCents: number,
): BillLine[] | null {
  if (!bill || bill.totalCents !== amountCents) return null;
  const subtotal = bill.subtotalCents ?? bill.totalCents;
  const difference = subtotal - bill.computedCents;
  const lines = difference === 0 ? [...bill.lines] : [...bill.lines, { text: BILL_TEXTS.adjustment, values: {}, cents: difference }];
  if (bill.tax && (bill.tax.taxableCents !== 0 || bill.tax.exemption)) lines.push(taxLine(bill.tax));
  return lines;
}
