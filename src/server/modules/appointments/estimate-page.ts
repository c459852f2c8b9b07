import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isOurLine } from '../../../shared/billing.ts';
import { english } from '../../../shared/english.ts';
import { type Estimate, EstimateDecisionSchema } from '../../../shared/estimates.ts';
import { LOCALE_QUERY_PARAMETER } from '../../../shared/locale.ts';
import { BUSINESS_NAME } from '../../../shared/site.ts';
import { type Translator, translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { escapeHtml } from '../mail/index.ts';
import type { EstimateService } from './estimates.ts';

const TOKEN_MAX_LENGTH = 200;

/** An estimate answered meanwhile (the other person was quicker): the link no longer works, as its page says. */
function closedToUndefined(error: unknown): undefined {
  if (error instanceof HttpError && error.statusCode === 409) return undefined;
  throw error;
}
const QuerySchema = z.object({
  token: z.string().max(TOKEN_MAX_LENGTH).default(''),
  [LOCALE_QUERY_PARAMETER]: z.string().max(10).optional(),
});
/** What the page's two forms post; the answer itself is checked with the customer's own schema (EstimateDecisionSchema). */
const FormSchema = QuerySchema.extend({
  decision: z.string().max(20).default(''),
  name: z.string().max(1000).optional(),
  reason: z.string().max(2000).optional(),
});

/**
 * The page a trusted contact's estimate link opens (issue 38): no sign-in, plain server-rendered HTML like the
 * contact's agree and stop pages. It shows the estimate and two forms, approve by typing one's name or decline with a
 * reason; opening the link changes nothing (mail scanners follow links). The link's token is the form's proof (a
 * page on another site cannot know it, and the security plugin refuses a cross-site POST), it works only for that
 * estimate while it waits for an answer, and only while the customer allows their contact to answer and the contact
 * still hears from us. A link that does not work gets a page saying so (200: it is a page for a person).
 */
export const estimateApprovalPage: FastifyPluginAsyncZod<{ estimates: EstimateService }> = async (app, { estimates }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const support = app.config.support;
  const page = (language: Translator, title: string, body: string) => `<!doctype html>
<html lang="${language.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${BUSINESS_NAME}</title><link rel="stylesheet" href="/plain-page.css"></head>
<body><header><p>${BUSINESS_NAME}</p></header><main><h1>${escapeHtml(title)}</h1>${body}</main>
<footer><p>${escapeHtml(language.t(english('Questions? Call {phone} or write to {email}.'), support))}</p></footer></body></html>`;
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const invalid = (language: Translator) =>
    page(
      language,
      language.t(english('This link does not work')),
      paragraph(
        language.t(
          english('This estimate has already been answered or replaced, or you may no longer answer it. Questions? Call {phone}.'),
          {
            phone: support.phone,
          },
        ),
      ),
    );

  const estimatePage = (language: Translator, token: string, found: { estimate: Estimate; customer: string }, problem?: string) => {
    const { estimate, customer } = found;
    const { t } = language;
    const rows = estimate.lines
      .map(
        (line) =>
          `<tr><td>${escapeHtml(isOurLine(line) ? t(line.text, line.values) : line.text)}</td><td>${escapeHtml(language.money(line.cents))}</td></tr>`,
      )
      .join('');
    const hidden = (decision: 'approve' | 'decline') =>
      `<input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="decision" value="${decision}"><input type="hidden" name="${LOCALE_QUERY_PARAMETER}" value="${language.locale}">`;
    return page(
      language,
      t(english('Approve {customer}’s estimate?'), { customer }),
      [
        paragraph(
          t(
            english(
              '{customer} allowed you to approve or decline the estimates of their visits. This one is for the visit of {time} (New York time).',
            ),
            {
              customer,
              time: language.appointmentTime(new Date(estimate.visit.startsAt)),
            },
          ),
        ),
        `<table><caption>${escapeHtml(t(english('The estimate')))}</caption><tbody>${rows}</tbody><tfoot><tr><th scope="row">${escapeHtml(t(english('Total (USD)')))}</th><td>${escapeHtml(language.money(estimate.totalCents))}</td></tr></tfoot></table>`,
        problem ? `<p role="alert"><strong>${escapeHtml(problem)}</strong></p>` : '',
        `<form method="post" action="/estimate-approval">${hidden('approve')}<p><label for="name">${escapeHtml(t(english('Type your name to approve')))}</label><br><input id="name" name="name" autocomplete="name" required minlength="2" maxlength="100"></p><button type="submit">${escapeHtml(t(english('Approve the estimate')))}</button></form>`,
        `<form method="post" action="/estimate-approval">${hidden('decline')}<p><label for="reason">${escapeHtml(t(english('Or say why you decline it')))}</label><br><textarea id="reason" name="reason" rows="3" required minlength="3" maxlength="500"></textarea></p><button type="submit">${escapeHtml(t(english('Decline the estimate')))}</button></form>`,
      ].join('\n'),
    );
  };

  app.get('/estimate-approval', { schema: { querystring: QuerySchema } }, async (request, reply) => {
    const language = translatorFor(request.query[LOCALE_QUERY_PARAMETER]);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const found = request.query.token ? await estimates.forContact(request.query.token) : undefined;
    return reply.send(found ? estimatePage(language, request.query.token, found) : invalid(language));
  });

  app.post('/estimate-approval', { bodyLimit: 8192, schema: { body: FormSchema } }, async (request, reply) => {
    const language = translatorFor(request.body[LOCALE_QUERY_PARAMETER]);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const { token, decision, name, reason } = request.body;
    const answer = EstimateDecisionSchema.safeParse(
      decision === 'approve' ? { decision, name: name ?? '' } : { decision, reason: reason ?? '' },
    );
    if (!answer.success) {
      const found = token ? await estimates.forContact(token) : undefined;
      if (!found) return reply.send(invalid(language));
      return reply.send(estimatePage(language, token, found, language.t(answer.error.issues[0]?.message ?? '')));
    }
    const decided = token ? await estimates.decideAsContact(token, answer.data).catch(closedToUndefined) : undefined;
    if (!decided) return reply.send(invalid(language));
    const approved = decided.state === 'approved';
    return reply.send(
      page(
        language,
        approved ? language.t(english('Thank you: the estimate is approved')) : language.t(english('The estimate is declined')),
        paragraph(
          approved
            ? language.t(
                english('We will let the technician know. {amount} is the expected total; the bill states what the work comes to.'),
                {
                  amount: language.money(decided.totalCents),
                },
              )
            : language.t(english('We will let the technician know, and they will be in touch about what to do instead.')),
        ),
      ),
    );
  });
};
