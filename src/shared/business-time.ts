import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { BUSINESS_TIME_ZONE } from './business.ts';

/** The one place that turns instants into the business's New York wall-clock time. */

export function inBusinessZone(instant: Date | number): TZDate {
  return new TZDate(typeof instant === 'number' ? instant : instant.getTime(), BUSINESS_TIME_ZONE);
}

/** A day as the error log and the tables show it, e.g. 11/21/2026. */
export function formatBusinessDay(instant: Date | number): string {
  return format(inBusinessZone(instant), 'MM/dd/yyyy');
}

/** A time of day with seconds, e.g. 02:05:09pm. */
export function formatBusinessTimeOfDay(instant: Date | number): string {
  return format(inBusinessZone(instant), 'hh:mm:ssaaa');
}
