import type Twilio from 'twilio';

type TwilioSdk = typeof Twilio;
type RequestOptions = Parameters<InstanceType<TwilioSdk['RequestClient']>['request']>[0];

let sdk: Promise<TwilioSdk> | undefined;

/** Twilio's SDK, loaded on the first text or webhook rather than at start (it is a tenth of the server's start-up). */
function loadTwilio(): Promise<TwilioSdk> {
  sdk ??= import('twilio').then((module) => module.default);
  return sdk;
}

/** What a text provider answers: the provider's id of the message. */
export type TextSender = { send(to: string, body: string): Promise<{ id: string }> };

/** A failed send: `retryable` when trying again later may work (a 5xx, a 429, no answer), not for a refusal. */
export class TextSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The provider's error code (Twilio's 21610: the number replied STOP). */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'TextSendError';
  }
}

export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  from: string;
  /** Another address for Twilio's REST API (a stand-in server in the tests); Twilio's own when unset. */
  apiUrl?: string | undefined;
  timeoutMs?: number | undefined;
};

/** Twilio's official SDK HTTP client, its requests sent to `apiUrl` instead of api.twilio.com. */
function redirectingClient(twilio: TwilioSdk, apiUrl: string, timeoutMs: number) {
  const client = new twilio.RequestClient({ timeout: timeoutMs });
  const send = client.request.bind(client);
  const base = apiUrl.replace(/\/+$/, '');
  client.request = ((opts: RequestOptions) => send({ ...opts, uri: opts.uri.replace(/^https:\/\/[^/]+/, base) })) as typeof client.request;
  return client;
}

/** Sends texts with Twilio's Messages API through its official Node SDK. */
export function twilioSender(options: TwilioOptions): TextSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let made: Promise<{ twilio: TwilioSdk; client: ReturnType<TwilioSdk> }> | undefined;
  const connect = () => {
    made ??= loadTwilio().then((twilio) => ({
      twilio,
      client: twilio(options.accountSid, options.authToken, {
        timeout: timeoutMs,
        ...(options.apiUrl ? { httpClient: redirectingClient(twilio, options.apiUrl, timeoutMs) } : {}),
      }),
    }));
    return made;
  };
  return {
    async send(to, body) {
      const { twilio, client } = await connect();
      try {
        const message = await client.messages.create({ to, from: options.from, body });
        return { id: message.sid };
      } catch (error) {
        if (error instanceof twilio.RestException) {
          const retryable = error.status >= 500 || error.status === 429;
          throw new TextSendError(`Twilio answered ${error.status}${error.code ? ` (error ${error.code})` : ''}`, retryable, error.code);
        }
        // No answer, or one that could not be read: the message may or may not have gone; trying again is the lesser harm.
        throw new TextSendError(`Twilio could not be reached: ${error instanceof Error ? error.message : String(error)}`, true);
      }
    },
  };
}

/** Whether a webhook request really came from Twilio: its X-Twilio-Signature over the URL Twilio called and the form's fields. */
export async function isTwilioSignatureValid(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): Promise<boolean> {
  if (!signature) return false;
  const twilio = await loadTwilio();
  return twilio.validateRequest(authToken, signature, url, params);
}
