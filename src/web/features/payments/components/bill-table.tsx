import { Trans } from '@lingui/react/macro';
import { type BillLine, isOurLine, isTaxLine, lineQuantity } from '../../../../shared/billing.ts';
import { translate } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { money } from '../formats.ts';

/**
 * A bill's lines and their total, in the active language: the clock's lines and the adjustment translated, a part
 * in the owner's own words. The checkout and the invoice show it.
 */
export function BillTable({
  lines,
  totalCents,
  className = '',
  caption,
}: {
  lines: BillLine[];
  totalCents: number;
  className?: string;
  /** The table's name, shown above it: "What you pay for" unless given. */
  caption?: string;
}) {
  useLanguage();
  const sold = lines.filter((line) => !isTaxLine(line));
  const taxes = lines.filter(isTaxLine);
  const label = (line: BillLine) => {
    const text = isOurLine(line) ? translate(line.text, line.values) : line.text;
    const quantity = lineQuantity(line);
    return quantity ? `${text} (${quantity.count} × ${money(quantity.eachCents)})` : text;
  };
  return (
    <table className={`table checkout-bill ${className}`.trim()}>
      <caption className="caption-top">{caption ?? <Trans>What you pay for</Trans>}</caption>
      <tbody>
        {sold.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a bill's lines have no identity but their place
          <tr key={index}>
            <td>{label(line)}</td>
            <td className="text-end text-nowrap">{money(line.cents)}</td>
          </tr>
        ))}
        {taxes.length > 0 && (
          // The tax stated apart from the price: the subtotal of what was sold, then the tax.
          <>
            <tr className="bill-subtotal">
              <th scope="row" className="fw-normal">
                <Trans>Subtotal</Trans>
              </th>
              <td className="text-end text-nowrap">{money(sold.reduce((sum, line) => sum + line.cents, 0))}</td>
            </tr>
            {taxes.map((line) => (
              <tr key={line.text} className="bill-tax">
                <td>{translate(line.text, line.values)}</td>
                <td className="text-end text-nowrap">{money(line.cents)}</td>
              </tr>
            ))}
          </>
        )}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">
            <Trans>Total</Trans>
          </th>
          <td className="text-end text-nowrap fw-bold">{money(totalCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
