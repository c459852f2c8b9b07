import { type AppointmentWork, BILL_TOO_LARGE, type StoredBill } from '../../../shared/admin.ts';
import { appointmentBill, durationText, lineInEnglish, minutesBetween } from '../../../shared/billing.ts';
import { MAX_AMOUNT_CENTS } from '../../../shared/payments.ts';
import { HttpError } from '../../plugins/errors.ts';

/**
 * A job's bill from the clock (decision 020), as the job's life cycle stores it: the lines for what the owner entered,
 * what they come to, and the amount charged.
 */
export function billFor(work: AppointmentWork): StoredBill {
  const minutes = minutesBetween(work.start, work.end);
  if (minutes === null) throw new HttpError(400, 'VALIDATION', 'The end must come after the start.');
  const bill = appointmentBill(
    work.kind,
    minutes,
    work.hardware.map((part) => ({ description: part.description, cents: part.amount })),
  );
  // Each line is capped by the form's schema; what they come to is capped here, as a typed amount is.
  if (!work.override && bill.totalCents > MAX_AMOUNT_CENTS) {
    throw new HttpError(400, 'VALIDATION', BILL_TOO_LARGE);
  }
  return {
    kind: work.kind,
    start: work.start,
    end: work.end,
    minutes,
    lines: bill.lines,
    computedCents: bill.totalCents,
    totalCents: work.override?.amount ?? bill.totalCents,
    overrideReason: work.override?.reason ?? null,
  };
}

/** A bill in one line of English, for the history: "1 h 40 min of troubleshooting (09:30–11:10): …, $75.00". */
export function billSummary(bill: StoredBill): string {
  const lines = bill.lines.map((line) => `${lineInEnglish(line)} $${(line.cents / 100).toFixed(2)}`).join('; ');
  return `${durationText(bill.minutes)} of ${bill.kind} (${bill.start}–${bill.end}): ${lines}; total $${(bill.computedCents / 100).toFixed(2)}`;
}

/** Whole cents as the history writes them: 75.00. */
export const dollars = (cents: number) => (cents / 100).toFixed(2);
