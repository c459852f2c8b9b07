/**
 * Places a call with Twilio's Programmable Voice REST API (decision 040): POST /2010-04-01/Accounts/{AccountSid}/Calls.json
 * with To, From and the call's TwiML, authenticated with the account SID and auth token (HTTP Basic).
 */
export type TwilioCallOptions = {
  accountSid: string;
  authToken: string;
  /** The number the call comes from (E.164). */
  from: string;
  /** Another address for Twilio's REST API (the tests' stand-in); Twilio's own when unset. */
  apiUrl?: string | undefined;
  timeoutMs?: number | undefined;
};

export type CallPlacer = { place(to: string, twiml: string): Promise<{ sid: string }> };

export function twilioCaller(options: TwilioCallOptions): CallPlacer {
  const base = (options.apiUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Calls.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async place(to, twiml) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: to, From: options.from, Twiml: twiml }).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; code?: unknown };
      if (response.status !== 201 || typeof answer.sid !== 'string') {
        throw new Error(`Twilio answered ${response.status}${typeof answer.code === 'number' ? ` (error ${answer.code})` : ''}`);
      }
      return { sid: answer.sid };
    },
  };
}
