import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One text as Twilio's Messages API received it. */
export type ReceivedText = { accountSid: string; authorization: string; to: string; from: string; body: string };

/** One call as Twilio's Calls API received it: its TwiML (or the address of it) is what the call says and does. */
export type ReceivedCall = { accountSid: string; authorization: string; to: string; from: string; twiml: string; url: string };

/** One of the account's numbers as Twilio's IncomingPhoneNumbers resource gives it (the fields npm run doctor reads). */
export type IncomingNumber = {
  phone_number: string;
  capabilities: { sms: boolean; voice: boolean; mms: boolean };
  sms_url: string | null;
  sms_method: string;
  voice_url: string | null;
};

/** How the stand-in answers the next sends: a Twilio error (status and Twilio's error code), or a dropped connection. */
export type TwilioBehaviour = { kind: 'error'; status: number; code: number; message: string } | { kind: 'hang-up' };

/**
 * A stand-in for Twilio's REST API on 127.0.0.1: POST /2010-04-01/Accounts/{AccountSid}/Messages.json with a form
 * body (To, From, Body) and HTTP Basic auth (the account SID and the auth token), answered 201 with a Message
 * resource as Twilio documents it, or failing as queued behaviours say (in order, then it answers normally).
 * Also POST /2010-04-01/Accounts/{AccountSid}/Calls.json (To, From, and Twiml or Url), answered 201 with a Call
 * resource, or failing as `callQueue` says. GET /2010-04-01/Accounts/{AccountSid}.json answers the account (its
 * `status` as `account` says) and GET …/IncomingPhoneNumbers.json?PhoneNumber= the numbers of `incomingNumbers` that match.
 */
export async function startTwilioStandIn(accountSid: string, authToken: string) {
  const texts: ReceivedText[] = [];
  const attempts: ReceivedText[] = [];
  const queue: TwilioBehaviour[] = [];
  const calls: ReceivedCall[] = [];
  const callAttempts: ReceivedCall[] = [];
  const callQueue: TwilioBehaviour[] = [];
  const account = { status: 'active' };
  const incomingNumbers: IncomingNumber[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }; /** Answers as the queued behaviour says (a dropped connection, or Twilio's error); false when it says nothing. */
  const misbehave = (behaviour: TwilioBehaviour | undefined, req: IncomingMessage, res: ServerResponse): boolean => {
    if (behaviour?.kind === 'hang-up') {
      req.socket.destroy();
      return true;
    }
    if (behaviour?.kind !== 'error') return false;
    json(res, behaviour.status, {
      code: behaviour.code,
      message: behaviour.message,
      more_info: `https://www.twilio.com/docs/errors/${behaviour.code}`,
      status: behaviour.status,
    });
    return true;
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      const callMatch = /^\/2010-04-01\/Accounts\/([^/]+)\/Calls\.json$/.exec(req.url ?? '');
      if (req.method === 'POST' && callMatch) {
        const form = new URLSearchParams(raw);
        const call = {
          accountSid: decodeURIComponent(callMatch[1] ?? ''),
          authorization: req.headers.authorization ?? '',
          to: form.get('To') ?? '',
          from: form.get('From') ?? '',
          twiml: form.get('Twiml') ?? '',
          url: form.get('Url') ?? '',
        };
        callAttempts.push(call);
        if (call.authorization !== expectedAuth || call.accountSid !== accountSid) {
          return json(res, 401, {
            code: 20003,
            message: 'Authenticate',
            more_info: 'https://www.twilio.com/docs/errors/20003',
            status: 401,
          });
        }
        if (!call.to || !call.from || (!call.twiml && !call.url)) {
          return json(res, 400, { code: 21205, message: 'Url parameter is required.', status: 400 });
        }
        if (misbehave(callQueue.shift(), req, res)) return;
        calls.push(call);
        const sid = `CA${String(calls.length).padStart(32, '0')}`;
        return json(res, 201, {
          account_sid: accountSid,
          api_version: '2010-04-01',
          date_created: new Date().toUTCString(),
          direction: 'outbound-api',
          from: call.from,
          sid,
          status: 'queued',
          to: call.to,
          uri: `/2010-04-01/Accounts/${accountSid}/Calls/${sid}.json`,
        });
      }
      const [requestPath = '', query = ''] = (req.url ?? '').split('?');
      const resource = /^\/2010-04-01\/Accounts\/([^/]+?)(\.json|\/IncomingPhoneNumbers\.json)$/.exec(requestPath);
      if (req.method === 'GET' && resource) {
        if (req.headers.authorization !== expectedAuth || decodeURIComponent(resource[1] ?? '') !== accountSid) {
          return json(res, 401, {
            code: 20003,
            message: 'Authenticate',
            more_info: 'https://www.twilio.com/docs/errors/20003',
            status: 401,
          });
        }
        if (resource[2] === '.json') {
          return json(res, 200, { sid: accountSid, friendly_name: 'TechHelp', status: account.status, type: 'Full' });
        }
        const wanted = new URLSearchParams(query).get('PhoneNumber');
        const found = incomingNumbers.filter((number) => !wanted || number.phone_number === wanted);
        return json(res, 200, { incoming_phone_numbers: found, page: 0, page_size: 50 });
      }
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match)
        return json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      const form = new URLSearchParams(raw);
      const text = {
        accountSid: decodeURIComponent(match[1] ?? ''),
        authorization: req.headers.authorization ?? '',
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
      };
      attempts.push(text);
      if (text.authorization !== expectedAuth || text.accountSid !== accountSid) {
        return json(res, 401, { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
      }
      if (misbehave(queue.shift(), req, res)) return;
      texts.push(text);
      const sid = `SM${String(texts.length).padStart(32, '0')}`;
      return json(res, 201, {
        account_sid: accountSid,
        api_version: '2010-04-01',
        body: text.body,
        date_created: new Date().toUTCString(),
        direction: 'outbound-api',
        from: text.from,
        num_segments: '1',
        sid,
        status: 'queued',
        to: text.to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The texts Twilio accepted, in order. */
    texts,
    /** Every send that reached the stand-in, accepted or not. */
    attempts,
    queue,
    /** The calls Twilio accepted, in order, with their TwiML. */
    calls,
    /** Every call request that reached the stand-in, accepted or not. */
    callAttempts,
    /** How the next call requests fail (in order, then they are accepted). */
    callQueue,
    /** The account's state as Twilio reports it: 'active', 'suspended' or 'closed'. */
    account,
    /** The account's phone numbers. */
    incomingNumbers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Twilio's X-Twilio-Signature of a webhook request, computed as Twilio documents it (independently of the SDK the
 * app uses): HMAC-SHA1 with the auth token over the full URL followed by each POST field's name and value, sorted by
 * name, in base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((joined, key) => joined + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}
