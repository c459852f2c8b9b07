import type { Config } from '../config.ts';
import { type CheckResult, type Context, type DoctorOptions, parseJson, result, seconds, shown } from './doctor-common.ts';

/** The doctor's checks over HTTP: PUBLIC_URL's /healthz, PayPal's token, Twilio's account and numbers. */

/** Why a request found nobody, in words. */
export function unreachable(error: unknown, timeoutMs: number): string {
  const failure = error as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = failure.cause?.code ?? failure.code;
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return `did not answer within ${seconds(timeoutMs)}`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'has a name that does not resolve (is its DNS record there yet?)';
  if (code === 'ECONNREFUSED' || code === 'ENOENT') return 'refused the connection: nothing is listening there';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'cut the connection';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'cannot be reached from this machine';
  if (code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code))
    return `presented a certificate this machine does not trust (${code})`;
  return `could not be reached (${code ?? failure.cause?.message ?? failure.message ?? 'unknown error'})`;
}

/** An HTTP request with a time limit that also reads the answer's Date against this machine's clock. */
export async function request(
  url: string,
  init: RequestInit,
  options: Required<DoctorOptions>,
  context: Context,
  clock?: { source: string; rank: number },
): Promise<{ status: number; body: string; headers: Headers }> {
  const sent = options.now();
  const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs) });
  const received = options.now();
  const body = await response.text();
  const date = Date.parse(response.headers.get('date') ?? '');
  // The Date header counts whole seconds: the other clock stood somewhere in the second it names.
  if (clock && Number.isFinite(date)) context.readings.push({ ...clock, offsetMs: date + 500 - (sent + received) / 2 });
  return { status: response.status, body, headers: response.headers };
}

// --- PUBLIC_URL ---------------------------------------------------------------------------------------------------

export async function publicAddressResult(config: Config, options: Required<DoctorOptions>, context: Context): Promise<CheckResult> {
  const name = 'Public address';
  const address = shown(config.publicUrl);
  const https = config.publicUrl.startsWith('https://');
  const plain = https ? '' : '; and PUBLIC_URL must be the https address customers use (Caddy provides it)';
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(`${config.publicUrl}/healthz`, { headers: { accept: 'application/json' } }, options, context, {
      source: `the server at ${address}`,
      rank: 3,
    });
  } catch (error) {
    return result(name, 'fail', `${address} ${unreachable(error, options.timeoutMs)}${plain}.`);
  }
  const health = parseJson(answer.body);
  if (answer.status === 200 && health.status === 'ok') {
    if (!https) {
      return result(
        name,
        'fail',
        `${address} answers /healthz, but over http: customers' passwords and session cookies would cross the internet unencrypted; PUBLIC_URL must be the https address (Caddy provides it).`,
      );
    }
    return result(name, 'pass', `${address} answers /healthz over https: the server and its database are up.`);
  }
  if (answer.status === 503 && health.status === 'unavailable') {
    return result(name, 'fail', `${address}/healthz answers 503: the server runs but cannot reach its database${plain}.`);
  }
  if (answer.status === 502 || answer.status === 504) {
    return result(
      name,
      'fail',
      `${address}/healthz answers ${answer.status} from the proxy: the server is not running, or not where the proxy sends requests (127.0.0.1:3000 in deploy/Caddyfile)${plain}.`,
    );
  }
  if (answer.status >= 300 && answer.status < 400) {
    const location = answer.headers.get('location');
    return result(
      name,
      'fail',
      `${address}/healthz answers ${answer.status}, a redirect${location ? ` to ${shown(new URL(location, config.publicUrl).toString())}` : ''}: set PUBLIC_URL to the address customers end up at.`,
    );
  }
  return result(
    name,
    'fail',
    `${address}/healthz answers ${answer.status}, not TechHelp's health answer: is this address pointed at this server${plain}?`,
  );
}

// --- PayPal -------------------------------------------------------------------------------------------------------

export async function paypalResult(config: Config, options: Required<DoctorOptions>, context: Context): Promise<CheckResult> {
  const name = 'PayPal';
  const paypal = config.paypal;
  if (!paypal) {
    return config.paymentsTestMode
      ? result(name, 'warn', 'PayPal is not set up: payments run in test mode (PAYMENTS_TEST_MODE=true), labelled TEST, and move no money.')
      : result(name, 'fail', 'PayPal is not set up (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET): customers cannot pay.');
  }
  const label = paypal.env === 'live' ? 'PayPal (live)' : "PayPal's sandbox";
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(
      `${paypal.apiUrl}/v1/oauth2/token`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      options,
      context,
      { source: 'PayPal', rank: 1 },
    );
  } catch (error) {
    return result(name, 'fail', `${label} at ${shown(paypal.apiUrl)} ${unreachable(error, options.timeoutMs)}.`);
  }
  const body = parseJson(answer.body);
  if (answer.status === 200 && typeof body.access_token === 'string') {
    if (paypal.env !== 'live') {
      return result(
        name,
        'warn',
        `${label} accepted the credentials and gave a token, but the sandbox moves no money: set PAYPAL_ENV=live with the live app's credentials to take real payments.`,
      );
    }
    return result(name, 'pass', `${label} accepted the credentials and gave an access token.`);
  }
  if (answer.status === 401) {
    const why = typeof body.error === 'string' ? ` (${body.error})` : '';
    return result(
      name,
      'fail',
      `${label} refused the credentials${why}: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be those of the ${paypal.env} app (developer.paypal.com, Apps & Credentials, ${paypal.env === 'live' ? 'Live' : 'Sandbox'}).`,
    );
  }
  return result(
    name,
    'fail',
    `${label} answered ${answer.status} to the request for a token: try again later, or see PayPal's status page.`,
  );
}

// --- Twilio -------------------------------------------------------------------------------------------------------

type TwilioNumber = {
  phone_number?: string;
  capabilities?: { sms?: boolean; voice?: boolean };
  sms_url?: string | null;
  sms_method?: string;
};

export async function twilioResult(config: Config, options: Required<DoctorOptions>, context: Context): Promise<CheckResult> {
  const name = 'Texts';
  const twilio = config.twilio;
  if (!twilio) {
    return result(
      name,
      'skip',
      'Twilio is not set up (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM): customers are offered no texts.',
    );
  }
  const base = `${(twilio.apiUrl ?? 'https://api.twilio.com').replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}`;
  const init = {
    headers: {
      authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
      accept: 'application/json',
    },
  };
  const numberOf = async (phone: string): Promise<TwilioNumber | undefined> => {
    const answer = await request(
      `${base}/IncomingPhoneNumbers.json?${new URLSearchParams({ PhoneNumber: phone })}`,
      init,
      options,
      context,
    );
    if (answer.status !== 200) throw new Error(`Twilio answered ${answer.status} to the list of numbers`);
    const numbers = parseJson(answer.body).incoming_phone_numbers;
    return Array.isArray(numbers) ? (numbers as TwilioNumber[]).find((number) => number.phone_number === phone) : undefined;
  };
  try {
    const account = await request(`${base}.json`, init, options, context, { source: 'Twilio', rank: 2 });
    if (account.status === 401) {
      return result(name, 'fail', 'Twilio refused the account SID and auth token (error 20003): copy both again from the Twilio console.');
    }
    if (account.status === 404) return result(name, 'fail', 'Twilio knows no account with this TWILIO_ACCOUNT_SID.');
    if (account.status !== 200)
      return result(name, 'fail', `Twilio answered ${account.status} when asked for the account: try again later.`);
    const status = parseJson(account.body).status;
    if (status !== 'active')
      return result(name, 'fail', `The Twilio account is ${String(status)}: texts cannot be sent until it is active again.`);

    const number = await numberOf(twilio.from);
    if (!number)
      return result(name, 'fail', `TWILIO_FROM ${twilio.from} is not a number of this Twilio account: every text would be refused.`);
    if (!number.capabilities?.sms) return result(name, 'fail', `${twilio.from} cannot send texts: Twilio gives it no SMS capability.`);
    const inbound = `${config.publicUrl}/api/texts/inbound`;
    if (number.sms_url !== inbound || (number.sms_method ?? 'POST') !== 'POST') {
      const now = number.sms_url ? `${shown(number.sms_url)} (${number.sms_method ?? 'POST'})` : 'not set';
      return result(
        name,
        'fail',
        `${twilio.from}'s "A message comes in" webhook is ${now}, not ${shown(inbound)} (HTTP POST): replies such as STOP would not reach TechHelp; set it in the Twilio console.`,
      );
    }
    let calls = '';
    const voiceFrom = config.reminderCalls?.from;
    if (voiceFrom) {
      const voice = voiceFrom === twilio.from ? number : await numberOf(voiceFrom);
      if (!voice) return result(name, 'fail', `${voiceFrom}, the number reminder calls come from, is not a number of this Twilio account.`);
      if (!voice.capabilities?.voice) return result(name, 'fail', `${voiceFrom}, the number reminder calls come from, cannot make calls.`);
      calls = `, and reminder calls come from ${voiceFrom}, which can call`;
    }
    return result(
      name,
      'pass',
      `The Twilio account is active; ${twilio.from} is its number, can text and sends replies to ${shown(inbound)}${calls}.`,
    );
  } catch (error) {
    const message = (error as Error).message;
    return result(
      name,
      'fail',
      message.startsWith('Twilio answered') ? `${message}.` : `Twilio at ${shown(base)} ${unreachable(error, options.timeoutMs)}.`,
    );
  }
}
