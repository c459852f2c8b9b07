import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE } from '../../../shared/business.ts';
import { nextTextingHour } from '../../../shared/business-time.ts';
import { isOptOutReply, normaliseReply } from './text-service.ts';

/** An instant on New York's wall clock (month 1 to 12). */
const newYork = (year: number, month: number, day: number, hours: number, minutes = 0) =>
  new Date(new TZDate(year, month - 1, day, hours, minutes, BUSINESS_TIME_ZONE).getTime());

describe('normaliseReply', () => {
  it('reads a reply in lower case, without accents, apostrophes or punctuation, with single spaces', () => {
    expect(normaliseReply('  STOP!!  ')).toBe('stop');
    expect(normaliseReply("Don't text me.")).toBe('dont text me');
    expect(normaliseReply('Don’t   TEXT me')).toBe('dont text me');
    expect(normaliseReply('No más mensajes, por favor')).toBe('no mas mensajes por favor');
    expect(normaliseReply('Opt-Out')).toBe('opt out');
    expect(normaliseReply('')).toBe('');
  });
});

describe('isOptOutReply (decision 031)', () => {
  it.each([
    // The words carriers and the FCC name, as the whole message, in any case and with any punctuation.
    'STOP',
    'stop',
    'Stop.',
    ' stop ',
    'STOP!!!',
    'STOPALL',
    'Stop all',
    'UNSUBSCRIBE',
    'Cancel',
    'CANCEL.',
    'END',
    'end',
    'Quit',
    'REVOKE',
    'opt out',
    'Opt-out',
    'OPTOUT',
    // Ours in Spanish.
    'PARAR',
    'Alto',
    'baja',
    'Cancelar',
    // Plain requests, in English.
    'stop texting me',
    'Please stop',
    'please STOP.',
    'Stop sending me texts',
    'unsubscribe me',
    'Please unsubscribe me from these',
    'no more texts',
    'No more messages please',
    "don't text me",
    'Dont text me',
    'Do not text me again',
    'Please do not message me',
    'quit texting me',
    'I want to opt out',
    // And in Spanish.
    'dejen de escribirme',
    'Deja de enviarme mensajes',
    'Por favor dejen de mandarme mensajes',
    'no más mensajes',
    'No me manden más',
    'no me envíen más mensajes',
    'Paren',
    'Pare por favor',
    'Quiero darme de baja',
    // Plain requests a review found missed at first.
    'Remove me from your list',
    'Take me off your list',
    'opt me out',
    'No texts',
    'no more',
    'Wrong number',
    'Leave me alone',
    'Ya no quiero mensajes',
    'No quiero más mensajes',
    'No más textos',
    'Ya no me escriban',
    'Basta',
    'BAJA',
  ])('"%s" ends texts', (reply) => {
    expect(isOptOutReply(reply)).toBe(true);
  });

  it.each([
    'yes',
    'YES',
    'Thanks!',
    'thank you',
    'ok',
    'HELP',
    'help me',
    'START',
    'unstop',
    'Sí',
    'gracias',
    'ayuda',
    'See you Saturday',
    'I need to cancel my visit',
    'Can I cancel?',
    'Cancel my appointment please',
    'The end of the cable is broken',
    'Text me when you arrive',
    "Don't forget the printer",
    '¿Para cuándo?',
    'Estoy en casa',
    // "baja" stops only as the whole reply or as "de baja": a low battery is not a stop.
    'La batería está baja',
    'I got no text about my visit',
    '',
  ])('"%s" does not', (reply) => {
    expect(isOptOutReply(reply)).toBe(false);
  });

  it('takes "stop" anywhere as a stop, when in doubt (a question about a visit included)', () => {
    // The decision: a false stop costs a call; a missed one is a text the customer asked not to get.
    expect(isOptOutReply('What time do you stop by?')).toBe(true);
    expect(isOptOutReply("Don't stop texting me")).toBe(true);
  });
});

describe('nextTextingHour: texts not about a booked visit go from 8 a.m. to 9 p.m. in New York', () => {
  it('is undefined from 8:00 a.m. until 8:59:59 p.m.', () => {
    expect(nextTextingHour(newYork(2026, 6, 10, 8, 0))).toBeUndefined();
    expect(nextTextingHour(newYork(2026, 6, 10, 14, 0))).toBeUndefined();
    expect(nextTextingHour(newYork(2026, 6, 10, 20, 59))).toBeUndefined();
    expect(nextTextingHour(newYork(2026, 6, 10, 20, 59).getTime() + 59_999)).toBeUndefined();
  });

  it('is 8 a.m. the same morning before 8', () => {
    expect(nextTextingHour(newYork(2026, 6, 10, 7, 59))).toEqual(newYork(2026, 6, 10, 8));
    expect(nextTextingHour(newYork(2026, 6, 10, 0, 0))).toEqual(newYork(2026, 6, 10, 8));
    expect(nextTextingHour(newYork(2026, 6, 10, 8).getTime() - 1)).toEqual(newYork(2026, 6, 10, 8));
    // 12:00 UTC on 10 June is 8 a.m. daylight time.
    expect(nextTextingHour(newYork(2026, 6, 10, 3))?.toISOString()).toBe('2026-06-10T12:00:00.000Z');
  });

  it('is 8 a.m. the next morning from 9 p.m.', () => {
    expect(nextTextingHour(newYork(2026, 6, 10, 21, 0))).toEqual(newYork(2026, 6, 11, 8));
    expect(nextTextingHour(newYork(2026, 6, 10, 23, 59))).toEqual(newYork(2026, 6, 11, 8));
    // Across a month's and a year's end.
    expect(nextTextingHour(newYork(2026, 1, 31, 22))).toEqual(newYork(2026, 2, 1, 8));
    expect(nextTextingHour(newYork(2026, 12, 31, 21, 30))?.toISOString()).toBe('2027-01-01T13:00:00.000Z');
  });

  it('keeps to New York wall-clock time across the daylight-saving changes', () => {
    // Spring forward, Sunday 8 March 2026: 9 p.m. EST on the Saturday waits until 8 a.m. EDT (12:00 UTC).
    expect(nextTextingHour(newYork(2026, 3, 7, 21))?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    // 1:30 a.m. EST, and 3:30 a.m. EDT after the missing hour, on the Sunday: the same 8 a.m.
    expect(nextTextingHour(new Date('2026-03-08T06:30:00Z'))?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(nextTextingHour(new Date('2026-03-08T07:30:00Z'))?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    // Fall back, Sunday 1 November 2026: 10 p.m. EDT on the Saturday waits until 8 a.m. EST (13:00 UTC).
    expect(nextTextingHour(newYork(2026, 10, 31, 22))?.toISOString()).toBe('2026-11-01T13:00:00.000Z');
    // 1:30 a.m. twice that night (EDT, then EST): 8 a.m. EST both times.
    expect(nextTextingHour(new Date('2026-11-01T05:30:00Z'))?.toISOString()).toBe('2026-11-01T13:00:00.000Z');
    expect(nextTextingHour(new Date('2026-11-01T06:30:00Z'))?.toISOString()).toBe('2026-11-01T13:00:00.000Z');
    // 8 a.m. and 9 p.m. on the change days themselves.
    expect(nextTextingHour(new Date('2026-03-08T12:00:00Z'))).toBeUndefined();
    expect(nextTextingHour(new Date('2026-03-08T11:59:00Z'))?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(nextTextingHour(new Date('2026-11-01T13:00:00Z'))).toBeUndefined();
    expect(nextTextingHour(new Date('2026-11-02T02:00:00Z'))?.toISOString()).toBe('2026-11-02T13:00:00.000Z');
  });
});
