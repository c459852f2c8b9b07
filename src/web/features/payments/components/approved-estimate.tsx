import { Trans } from '@lingui/react/macro';
import { money } from '../formats.ts';

/** The estimate the customer approved before the work, beside the bill (issue 38): "Approved estimate: $158.63". */
export function ApprovedEstimate({ totalCents }: { totalCents: number }) {
  const estimate = money(totalCents);
  return (
    <p className="fs-5 checkout-estimate">
      <Trans>Approved estimate: {estimate}</Trans>
    </p>
  );
}
