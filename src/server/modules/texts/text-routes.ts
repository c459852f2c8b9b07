import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors.ts';
import { escapeHtml, loopbackOnly } from '../mail/index.ts';
import { listTexts } from './text-queries.ts';
import type { TextService } from './text-service.ts';
import { isTwilioSignatureValid } from './twilio-sender.ts';

const TWIML = 'text/xml; charset=utf-8';
const twiml = (reply: string | undefined) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${reply === undefined ? '' : `<Message>${escapeHtml(reply)}</Message>`}</Response>`;

/**
 * Twilio's webhook for texts sent to the business's number: STOP, START, HELP (decision 022). Twilio signs each
 * request with the auth token over the URL it calls (PUBLIC_URL + /api/texts/inbound, set as the number's
 * "A message comes in" webhook) and the form's fields; an unsigned or forged request is refused with 403.
 */
export const textWebhookRoutes: FastifyPluginAsyncZod<{ texts: TextService; authToken: string }> = async (app, { texts, authToken }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const webhookUrl = `${app.config.publicUrl}/api/texts/inbound`;
  app.post(
    '/api/texts/inbound',
    {
      bodyLimit: 16 * 1024,
      schema: { body: z.record(z.string(), z.string()) },
    },
    async (request, reply) => {
      const signature = request.headers['x-twilio-signature'];
      if (!(await isTwilioSignatureValid(authToken, typeof signature === 'string' ? signature : undefined, webhookUrl, request.body))) {
        request.log.warn('a text webhook came without a valid Twilio signature: refused');
        throw new HttpError(403, 'FORBIDDEN', 'This request is not signed by Twilio.');
      }
      const from = request.body.From ?? '';
      const body = request.body.Body ?? '';
      const answer = from ? await texts.receive({ from, body }) : undefined;
      return reply.type(TWIML).send(twiml(answer));
    },
  );
};

const OutboxQuerySchema = z.object({ to: z.string().trim().max(20).optional() });
const OutboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  kind: z.string(),
  body: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/**
 * The development outbox of texts, like the development mailbox: registered only outside production without
 * Twilio settings, and served only to this machine (a pay link is in there).
 */
export const devTextOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', loopbackOnly);
  const rows = async (to: string | undefined) =>
    (await listTexts(app.db, to, 200)).map((row) => ({
      id: row.id,
      to: row.toNumber,
      kind: row.kind,
      body: row.body,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    }));

  app.get('/dev/sms.json', { schema: { querystring: OutboxQuerySchema, response: { 200: z.array(OutboxEntrySchema) } } }, async (request) =>
    rows(request.query.to),
  );

  app.get('/dev/sms', { schema: { querystring: OutboxQuerySchema } }, async (request, reply) => {
    const items = (await rows(request.query.to))
      .map(
        (row) =>
          `<li><p>To <strong>${escapeHtml(row.to)}</strong> (${escapeHtml(row.kind)}), ${escapeHtml(row.createdAt)}</p><p>${escapeHtml(row.body)}</p></li>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev text outbox</title></head>
<body><main><h1>Dev text outbox</h1><p>Texts the app would have sent (no Twilio settings). Newest first.</p>
<form method="get"><label for="to">Filter by number (+1…)</label> <input id="to" name="to" type="tel" value="${escapeHtml(request.query.to ?? '')}"> <button type="submit">Filter</button></form>
${items ? `<ol>${items}</ol>` : '<p>No texts yet.</p>'}
</main></body></html>`);
  });
};
