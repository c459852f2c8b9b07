import { Trans } from '@lingui/react/macro';
import { type BillLine, isOurLine } from '../../../../shared/billing.ts';
import { translate } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { money } from '../formats.ts';

/**
 * A bill's lines and their total, in the active language: the clock's lines and the adjustment translated, a part
 * in the owner's own words. The checkout and the invoice show it.
 */
export function BillTable({ lines, totalCents, className = '' }: { lines: BillLine[]; totalCents: number; className?: string }) {
  useLanguage();
  return (
    <table className={`table checkout-bill ${className}`.trim()}>
      <caption>
        <Trans>What you pay for</Trans>
      </caption>
      <tbody>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a bill's lines have no identity but their place
          <tr key={index}>
            <td>{isOurLine(line) ? translate(line.text, line.values) : line.text}</td>
            <td className="text-end text-nowrap">{money(line.cents)}</td>
          </tr>
        ))}
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
