import { durationText, isOurLine, isTaxLine, lineQuantity } from '../../../shared/billing.ts';
import { BUSINESS_TAGLINE, FEES } from '../../../shared/business.ts';
import { english } from '../../../shared/english.ts';
import { INVOICE_TEXTS, type Invoice, invoiceNumberText } from '../../../shared/invoices.ts';
import type { Translator } from '../../i18n.ts';

/** The characters of Windows-1252 beyond Latin-1, which the PDF's standard fonts also have. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * The text as the PDF's standard font (Helvetica, WinAnsi) can draw it: a character it lacks (a name in another
 * script, an emoji) becomes "?" rather than a wrong glyph.
 */
export function drawable(text: string): string {
  return [...text].map((char) => ((char.codePointAt(0) ?? 0) <= 0xff || WIN_ANSI_EXTRA.has(char) ? char : '?')).join('');
}

/** The brand's colour (src/web/styles.css --brand) and the stamp's colour for each status. */
export const BRAND_COLOUR = '#0b4f6c';
export const STAMP_COLOURS: Record<Invoice['status'], string> = {
  paid: '#1e6b34',
  due: '#9a4d00',
  refunded: '#4a4a4a',
  void: '#a4161a',
};

/** The invoice's status in words. */
export function invoiceStatus(language: Translator, invoice: Invoice): string {
  const { t } = language;
  if (invoice.status === 'paid') return t(english('Paid'));
  if (invoice.status === 'refunded') return t(english('Refunded'));
  if (invoice.status === 'void') return t(INVOICE_TEXTS.void);
  return t(english('Due'));
}

/**
 * The invoice as a PDF, in `language`: the business and its contact, the invoice's number and date, the customer,
 * the visit, the lines and their total, and the payment with its method. A4-neutral US Letter, Helvetica.
 */
export async function renderInvoicePdf(invoice: Invoice, language: Translator): Promise<Buffer> {
  // Loaded on the first invoice, not at start: PDFKit and its fonts are a seventh of the server's start-up.
  const { default: PDFDocument } = await import('pdfkit');
  const { t } = language;
  const number = invoiceNumberText(invoice.number);
  const title = t(english('Invoice {number}'), { number });
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    lang: language.locale,
    displayTitle: true,
    info: { Title: `${invoice.business.name}: ${title}`, Author: invoice.business.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(drawable(value), options);
  const heading = (value: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12);
    text(value);
    doc.font('Helvetica').fontSize(11);
  };

  // The business, and the invoice's number, date and status.
  const top = doc.y;
  // The brand's mark, drawn (no text for a reader to stumble on): a square of its colour holding a screen on its stand.
  doc.roundedRect(left, top, 30, 30, 5).fill(BRAND_COLOUR);
  doc
    .roundedRect(left + 6, top + 7, 18, 12, 2)
    .lineWidth(2)
    .strokeColor('#ffffff')
    .stroke();
  doc
    .moveTo(left + 15, top + 19)
    .lineTo(left + 15, top + 23)
    .moveTo(left + 10, top + 24)
    .lineTo(left + 20, top + 24)
    .stroke();
  doc.strokeColor('#000000');
  doc
    .fillColor(BRAND_COLOUR)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(drawable(invoice.business.name), left + 40, top + 3);
  doc.x = left;
  doc.y = top + 36;
  doc.fillColor('#000000').font('Helvetica').fontSize(10);
  text(t(BUSINESS_TAGLINE));
  if (invoice.business.address) text(invoice.business.address);
  text(`${invoice.business.phone} · ${invoice.business.email} · ${invoice.business.website}`);
  doc
    .moveTo(left, doc.y + 6)
    .lineTo(left + width, doc.y + 6)
    .lineWidth(2)
    .strokeColor(BRAND_COLOUR)
    .stroke()
    .strokeColor('#000000');
  doc.moveDown(1.6).font('Helvetica-Bold').fontSize(16);
  const titleTop = doc.y;
  text(title);
  // The status as a stamp at the right of the title: PAID, DUE, REFUNDED or VOID, in a box of its colour.
  const stamp = invoiceStatus(language, invoice).toUpperCase();
  doc.font('Helvetica-Bold').fontSize(16);
  const stampWidth = doc.widthOfString(drawable(stamp)) + 24;
  const stampLeft = left + width - stampWidth;
  doc
    .roundedRect(stampLeft, titleTop - 4, stampWidth, 26, 4)
    .lineWidth(2)
    .strokeColor(STAMP_COLOURS[invoice.status])
    .stroke();
  doc.fillColor(STAMP_COLOURS[invoice.status]).text(drawable(stamp), stampLeft, titleTop + 3, { width: stampWidth, align: 'center' });
  doc.fillColor('#000000').strokeColor('#000000');
  doc.x = left;
  doc.y = Math.max(doc.y, titleTop + 26);
  doc.font('Helvetica').fontSize(11);
  // The dates in the order they came: the visit, then the invoice.
  text(t(english('Date of the visit: {date}'), { date: language.day(new Date(invoice.visit.startsAt)) }));
  text(t(english('Date of issue: {date}'), { date: language.day(new Date(invoice.issuedAt)) }));
  text(t(english('Status: {status}'), { status: invoiceStatus(language, invoice) }));
  if (invoice.status === 'void') {
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(13);
    text(t(INVOICE_TEXTS.voided));
    doc.font('Helvetica').fontSize(11);
  }

  heading(t(english('Bill to')));
  for (const line of [invoice.customer.name, invoice.customer.address, invoice.customer.email, invoice.customer.phone]) {
    if (line.trim()) text(line);
  }

  heading(t(english('Visit')));
  const time = language.appointmentTime(new Date(invoice.visit.startsAt));
  text(
    invoice.visit.isRemote
      ? t(english('Remote visit of {time} (New York time)'), { time })
      : t(english('In-person visit of {time} (New York time)'), { time }),
  );
  if (invoice.work) {
    text(
      t(INVOICE_TEXTS.work, {
        kind: t(FEES[invoice.work.kind].label),
        start: invoice.work.start,
        end: invoice.work.end,
        duration: durationText(invoice.work.minutes),
        rate: language.money(invoice.work.hourlyCents),
      }),
    );
  }

  if (invoice.workDone.trim()) {
    heading(t(INVOICE_TEXTS.workDone));
    text(invoice.workDone);
  }

  // The lines: what each is, and what it costs, right-aligned; then the total.
  heading(t(english('What you pay for')));
  const amountWidth = 110;
  const row = (label: string, amount: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const y = doc.y;
    doc.text(drawable(label), left, y, { width: width - amountWidth - 12 });
    const after = doc.y;
    doc.text(drawable(amount), left + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.x = left;
    doc.y = Math.max(after, doc.y) + 4;
  };
  const sold = invoice.lines.filter((line) => !isTaxLine(line));
  const taxes = invoice.lines.filter(isTaxLine);
  for (const line of sold) {
    const label = isOurLine(line) ? t(line.text, line.values) : line.text;
    const quantity = lineQuantity(line);
    row(quantity ? `${label} (${quantity.count} × ${language.money(quantity.eachCents)})` : label, language.money(line.cents));
  }
  if (taxes.length > 0) {
    // The tax stated apart from the price (Tax Law §1132(a)): the subtotal of what was sold, then the tax.
    row(t(english('Subtotal')), language.money(sold.reduce((sum, line) => sum + line.cents, 0)));
    for (const line of taxes) row(t(line.text, line.values), language.money(line.cents));
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.8)
    .stroke();
  doc.y += 6;
  row(t(english('Total (USD)')), language.money(invoice.amountCents), true);

  heading(t(english('How it was paid')));
  const payment = invoice.payment;
  if (payment) {
    text(
      t(INVOICE_TEXTS.paid[payment.method], {
        amount: language.money(payment.amountCents),
        date: language.day(new Date(payment.paidAt)),
      }),
    );
    if (payment.reference) text(t(english('Payment reference: {reference}.'), { reference: payment.reference }));
    if (payment.refundedAt) text(t(english('Refunded on {date}.'), { date: language.day(new Date(payment.refundedAt)) }));
  } else if (invoice.status === 'void') {
    text(t(INVOICE_TEXTS.voided));
  } else {
    text(t(english('Not paid yet. You can pay online from your appointments page.')));
  }
  doc.moveDown(1.5);
  text(t(english('Thank you for choosing {business}.'), { business: invoice.business.name }));
  doc.end();
  return done;
}
