import { BUSINESS_NAME, BUSINESS_TAGLINE } from '../../../shared/business.ts';
import { english } from '../../../shared/english.ts';
import { ENGLISH, type Translator } from '../../i18n.ts';

export type EmailContent = {
  subject: string;
  /** Plain sentences; each becomes a paragraph in both parts. */
  paragraphs: string[];
  /**
   * The paragraphs of a trusted contact's copy, when they differ: without what only the customer can do (their
   * appointments page, which needs their sign-in), with a call to us instead.
   */
  contactParagraphs?: string[];
  action?: { label: string; url: string };
  /** Shown after the action, e.g. how long a link works. */
  afterAction?: string[];
  /** Under the signature, in small print: why this e-mail came and how to stop such e-mails. */
  footer?: { text: string; label: string; url: string };
};

export type RenderedEmail = { subject: string; text: string; html: string; links: string[] };
export type SupportContact = { phone: string; email: string };

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Every e-mail has a plain-text and an HTML part, the business's name and its support contact. Values are
 * escaped in the HTML part; nothing a user typed can become markup. The content comes already in the recipient's
 * language; `language` writes the frame in it too (English by default: the owner's and the admins' e-mails).
 */
export function renderEmail(content: EmailContent, support: SupportContact, language: Translator = ENGLISH): RenderedEmail {
  const { t } = language;
  const signature = [
    `${BUSINESS_NAME}: ${t(BUSINESS_TAGLINE)}.`,
    t(english('Questions? Call {phone} or write to {email}.'), { phone: support.phone, email: support.email }),
  ];
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
    ...(content.afterAction ?? []),
    '--',
    ...signature,
    ...(content.footer ? [`${content.footer.text}\n${content.footer.label}: ${content.footer.url}`] : []),
  ].join('\n\n');

  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0b4f6c;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:14px;color:#444444">${escapeHtml(t(english('If the button does not work, copy this address into your browser:')))}<br>${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${language.locale}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f7f9;font-family:Arial,Helvetica,sans-serif;font-size:17px;line-height:1.5;color:#1f1f1f">
<div style="max-width:600px;margin:0 auto;padding:24px">
<h1 style="font-size:22px;color:#0b4f6c;margin:0 0 20px">${escapeHtml(BUSINESS_NAME)}</h1>
${content.paragraphs.map(paragraph).join('\n')}
${button}
${(content.afterAction ?? []).map(paragraph).join('\n')}
<hr style="border:none;border-top:1px solid #d5e3ea;margin:24px 0">
<p style="margin:0;font-size:14px;color:#444444">${signature.map(escapeHtml).join('<br>')}</p>
${content.footer ? `<p style="margin:16px 0 0;font-size:14px;color:#444444">${escapeHtml(content.footer.text)} <a href="${escapeHtml(content.footer.url)}" style="color:#0b4f6c">${escapeHtml(content.footer.label)}</a></p>` : ''}
</div></body></html>`;
  const links = [...(content.action ? [content.action.url] : []), ...(content.footer ? [content.footer.url] : [])];
  return { subject: content.subject, text, html, links };
}
