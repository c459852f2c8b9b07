import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listEmails } from './mail-queries.ts';
import { escapeHtml } from './mail-templates.ts';

const MailboxQuerySchema = z.object({ to: z.string().trim().max(254).optional() });
const MailboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })),
  createdAt: z.string(),
});

/** Whether the connection itself comes from this machine (not what a proxy header says). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** Headers a proxy adds to what it relays: a request with one came from elsewhere, through a proxy on this machine. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** The host a Host header names, without its port, lower-cased (`[::1]` keeps its brackets); undefined if malformed. */
function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    const url = new URL(`http://${host}`);
    // Nothing but a host and a port: `evil.example/@localhost` or a user name is not a Host header.
    return url.host === host.toLowerCase() || `${url.hostname}:80` === host.toLowerCase() ? url.hostname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a Host header names this machine (`localhost`, a 127.x address, `[::1]`) or the app's own address
 * (PUBLIC_URL's host), with any port. A page elsewhere that rebinds its own name to 127.0.0.1 sends its own name.
 */
export function isOwnHost(host: string | undefined, publicUrl: string): boolean {
  const name = hostnameOf(host);
  if (!name) return false;
  return name === 'localhost' || name === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) || name === new URL(publicUrl).hostname;
}

/**
 * An onRequest hook for the development outboxes: another computer gets a 404, as if nothing were there, and so does
 * anyone reaching them through a reverse proxy on this machine (nginx or Caddy in front of HOST=127.0.0.1), and a
 * web page the developer opened whose own name now points to this machine (DNS rebinding: its Host is its name).
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const relayed = PROXY_HEADERS.some((header) => request.headers[header] !== undefined);
  const ownHost = isOwnHost(request.headers.host, request.server.config.publicUrl);
  if (isLoopbackAddress(request.socket.remoteAddress) && !relayed && ownHost) return undefined;
  // Returned, so that Fastify ends the request here.
  return reply
    .code(404)
    .type('application/json; charset=utf-8')
    .send({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
}

/**
 * The development mailbox: every e-mail the app stored, newest first. Registered only outside production and
 * only when no SMTP relay is configured, and served only to this machine: the e-mails carry one-time links
 * (a password reset for the owner's address among them), so another computer on the network gets a 404.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', loopbackOnly);

  app.get(
    '/dev/mailbox.json',
    { schema: { querystring: MailboxQuerySchema, response: { 200: z.array(MailboxEntrySchema) } } },
    async (request) => {
      const rows = await listEmails(app.db, request.query.to, 200);
      return rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        links: row.links,
        attachments: row.attachments,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  );

  app.get('/dev/mailbox', { schema: { querystring: MailboxQuerySchema } }, async (request, reply) => {
    const rows = await listEmails(app.db, request.query.to, 200);
    const items = rows
      .map(
        (row) => `<article>
<h2>${escapeHtml(row.subject)}</h2>
<p>To <strong>${escapeHtml(row.toAddress)}</strong>, ${escapeHtml(row.createdAt.toISOString())}</p>
<ul>${row.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>
<details><summary>Plain text</summary><pre>${escapeHtml(row.text)}</pre></details>
</article>`,
      )
      .join('\n<hr>\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox</title></head>
<body><main><h1>Dev mailbox</h1><p>E-mails the app would have sent (no SMTP_URL is set). Newest first.</p>
<form method="get"><label for="to">Filter by address</label> <input id="to" name="to" type="email" value="${escapeHtml(request.query.to ?? '')}"> <button type="submit">Filter</button></form>
${items || '<p>No e-mails yet.</p>'}
</main></body></html>`);
  });
};
