/**
 * TwiML, Twilio's XML for a call (decision 040): the few verbs a reminder call uses, every text and attribute
 * escaped, so that nothing a customer or the owner wrote (a name, a time) can add a verb of its own.
 */

/** A `<Say>` voice: the language Twilio reads in, and one of its voices that speaks it (Amazon Polly's, through Twilio). */
export type SpokenLanguage = { language: 'en-US' | 'es-MX'; voice: string };

export const SPOKEN = {
  en: { language: 'en-US', voice: 'Polly.Joanna' },
  es: { language: 'es-MX', voice: 'Polly.Mia' },
} as const satisfies Record<string, SpokenLanguage>;

/** Text or an attribute's value made safe inside XML: the five characters XML gives a meaning to, and no control characters. */
export function escapeXml(text: string): string {
  return (
    text
      // Control characters are not allowed in XML 1.0 at all (tab, new line and carriage return are).
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

export function say(spoken: SpokenLanguage, text: string): string {
  return `<Say language="${spoken.language}" voice="${escapeXml(spoken.voice)}">${escapeXml(text)}</Say>`;
}

/**
 * One key pressed (DTMF), POSTed to `action` with `Digits`; `inner` (Say verbs) is heard meanwhile, and a key cuts it
 * short. Without a key within `timeoutSeconds`, the call goes on with the verbs after the Gather.
 */
export function gatherOneKey(action: string, inner: string, timeoutSeconds = 6): string {
  return `<Gather input="dtmf" numDigits="1" timeout="${timeoutSeconds}" method="POST" action="${escapeXml(action)}">${inner}</Gather>`;
}

/** Connects the call to a phone number (E.164). */
export function dial(number: string): string {
  return `<Dial>${escapeXml(number)}</Dial>`;
}

export const HANGUP = '<Hangup/>';

/** The whole document Twilio reads. */
export function twimlResponse(...verbs: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${verbs.join('')}</Response>`;
}
