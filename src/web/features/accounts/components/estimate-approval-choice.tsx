import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { errorText } from '../../../lib/error-text.ts';
import { useAllowEstimateApproval } from '../api/allow-estimate-approval.ts';

/**
 * "My trusted contact may approve estimates for me" (issue 38): saved as soon as it is ticked or unticked, and said
 * so beside it. The contact gets a link of their own to each estimate once they have agreed to the copies.
 */
export function EstimateApprovalChoice({ name, allowed }: { name: string; allowed: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const allow = useAllowEstimateApproval();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  // While saving, the box shows what was asked for.
  const checked = allow.isPending ? (allow.variables?.allowed ?? allowed) : allowed;
  const change = (next: boolean) => {
    setSaid(null);
    allow.mutate(
      { allowed: next },
      {
        onSuccess: () =>
          setSaid({
            ok: true,
            text: next ? t`Saved: ${name} may approve or decline estimates for you.` : t`Saved: only you approve estimates.`,
          }),
        onError: (error) => setSaid({ ok: false, text: errorText(error) ?? t`Your choice was not saved. Please try again.` }),
      },
    );
  };
  return (
    <div className="mt-4">
      <Form.Check
        className="form-check-lg"
        id={`${id}-estimates`}
        checked={checked}
        disabled={allow.isPending}
        onChange={(event) => change(event.currentTarget.checked)}
        label={t`My trusted contact may approve estimates for me`}
        aria-describedby={`${id}-estimates-hint`}
      />
      <p id={`${id}-estimates-hint`} className="form-text">
        <Trans>When the technician sends an estimate before the work, {name} gets a link to approve or decline it too.</Trans>
      </p>
      <p role="status" className={said && !said.ok ? 'text-danger fw-semibold' : 'fw-semibold'}>
        {said?.text}
      </p>
    </div>
  );
}
