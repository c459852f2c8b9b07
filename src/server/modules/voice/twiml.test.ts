import { describe, expect, it } from 'vitest';
import { twilioSignature } from '../../../../tests/support/twilio-stand-in.ts';
import { translatorFor } from '../../i18n.ts';
import { isTwilioSignatureValid } from '../texts/index.ts';
import { readCallToken, signCallToken } from './call-token.ts';
import { keyAnswer, reminderCall } from './call-words.ts';
import { escapeXml, gatherOneKey, SPOKEN, say, twimlResponse } from './twiml.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const VISIT = '20261205-0f8c1f8e-3b7a-4c49-9d5e-2a6f5d1c9e11';
const NOW = new Date('2026-12-04T17:00:00Z');
const STARTS = new Date('2026-12-05T15:30:00Z');
const CALLED = { appointmentId: VISIT, startsAt: STARTS };

describe('the TwiML of a reminder call', () => {
  it('escapes every text and attribute, so nothing said can add a verb', () => {
    expect(escapeXml(`Tom & "Jerry" <Dial>+1900</Dial> 'x'\u0007`)).toBe(
      'Tom &amp; &quot;Jerry&quot; &lt;Dial&gt;+1900&lt;/Dial&gt; &apos;x&apos;',
    );
    const twiml = twimlResponse(gatherOneKey('https://x.test/a?b=1&c="2"', say(SPOKEN.en, '</Say><Dial>+19005550100</Dial><Say>')));
    expect(twiml).not.toContain('<Dial>');
    expect(twiml).toContain('action="https://x.test/a?b=1&amp;c=&quot;2&quot;"');
    expect(twiml).toContain('&lt;/Say&gt;&lt;Dial&gt;+19005550100&lt;/Dial&gt;&lt;Say&gt;');
  });

  it('reads the reminder in the language of the customer, with the keys, twice, then says goodbye', () => {
    const startsAt = new Date('2026-12-05T15:30:00Z');
    const english = reminderCall(translatorFor('en'), { startsAt, isRemote: false }, 'https://x.test/a', '(631) 555-0142');
    expect(english.twiml.match(/<Gather input="dtmf" numDigits="1" timeout="6" method="POST" action="https:\/\/x.test\/a">/g)).toHaveLength(
      2,
    );
    expect(english.twiml).toContain(
      '<Say language="en-US" voice="Polly.Joanna">Hello, this is TechHelp, with a reminder of your visit tomorrow, Saturday, December 5, 2026 at 10:30am.',
    );
    expect(
      english.twiml.endsWith(
        '<Say language="en-US" voice="Polly.Joanna">We did not hear a key. If you need us, please call (631) 555-0142. Goodbye.</Say><Hangup/></Response>',
      ),
    ).toBe(true);
    const spanish = reminderCall(translatorFor('es'), { startsAt, isRemote: true }, 'https://x.test/a', '(631) 555-0142');
    expect(spanish.twiml).not.toContain('en-US');
    expect(spanish.words).toContain('visita a distancia de mañana, sábado, 5 de diciembre de 2026');
    expect(spanish.words).toContain('Para confirmar su visita, oprima 1.');
  });

  it('answers 2 with a Dial to the business, and 1 with thanks', () => {
    expect(keyAnswer(translatorFor('en'), { kind: 'connect', dialNumber: '+16315550142' })).toContain('<Dial>+16315550142</Dial>');
    expect(keyAnswer(translatorFor('es'), { kind: 'confirmed', phone: '' })).toContain(
      '<Say language="es-MX" voice="Polly.Mia">Gracias. Su visita está confirmada. Adiós.</Say><Hangup/>',
    );
    expect(keyAnswer(translatorFor('en'), { kind: 'changed', phone: '(631) 555-0142' })).toContain(
      '<Say language="en-US" voice="Polly.Joanna">This visit has changed since we called, so it is not confirmed. Please call us at (631) 555-0142. Goodbye.</Say><Hangup/>',
    );
  });
});

describe("a call's answer address", () => {
  it('names its visit and the time the call spoke of until it expires, and nothing once altered or signed with another secret', () => {
    const token = signCallToken(SECRET, CALLED, NOW);
    expect(token.length).toBeLessThanOrEqual(100);
    expect(readCallToken(SECRET, token, NOW)).toEqual(CALLED);
    expect(readCallToken(SECRET, token, new Date(NOW.getTime() + 59 * 60_000))).toEqual(CALLED);
    expect(readCallToken(SECRET, token, new Date(NOW.getTime() + 60 * 60_000))).toBeUndefined();
    expect(readCallToken('another-secret-of-thirty-two-characters!', token, NOW)).toBeUndefined();
    const [, starts, expires, mac] = token.split('.');
    expect(readCallToken(SECRET, `20261206-0f8c1f8e-3b7a-4c49-9d5e-2a6f5d1c9e11.${starts}.${expires}.${mac}`, NOW)).toBeUndefined();
    // Another time for the same visit (as if the call had spoken of the new time), or a later expiry: refused.
    expect(readCallToken(SECRET, `${VISIT}.${Number(starts) + 3600}.${expires}.${mac}`, NOW)).toBeUndefined();
    expect(readCallToken(SECRET, `${VISIT}.${starts}.${Number(expires) + 3600}.${mac}`, NOW)).toBeUndefined();
    expect(readCallToken(SECRET, `${token}.x`, NOW)).toBeUndefined();
    expect(readCallToken(SECRET, `${VISIT}.${expires}.${mac}`, NOW)).toBeUndefined();
    expect(readCallToken(SECRET, 'nonsense', NOW)).toBeUndefined();
  });

  it("takes Twilio's signature over the full address and the sorted fields, as Twilio computes it, and nothing else", async () => {
    const url = `https://techhelp.example/api/voice/reminder/${signCallToken(SECRET, CALLED, NOW)}`;
    const params = { Digits: '1', CallSid: 'CA123', AccountSid: 'AC1' };
    const signature = twilioSignature('the-auth-token', url, params);
    expect(await isTwilioSignatureValid('the-auth-token', signature, url, params)).toBe(true);
    expect(await isTwilioSignatureValid('the-auth-token', signature, url, { ...params, Digits: '2' })).toBe(false);
    expect(await isTwilioSignatureValid('the-auth-token', signature, `${url}x`, params)).toBe(false);
    expect(await isTwilioSignatureValid('another-token', signature, url, params)).toBe(false);
    expect(await isTwilioSignatureValid('the-auth-token', undefined, url, params)).toBe(false);
  });
});
