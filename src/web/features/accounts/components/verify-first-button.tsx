import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { ACCOUNT_TEXTS } from '../../../../shared/account.ts';
import { translate } from '../../../lib/i18n.ts';

/** The spec's tooltip timings. */
const TOOLTIP_DELAY = { show: 250, hide: 400 } as const;

/**
 * An account action that needs a verified e-mail. Until then it shows a disabled button with the tooltip
 * 'Please verify your email first.'; a disabled button takes no focus or pointer, so a focusable wrapper
 * carries the tooltip, for the keyboard as for the mouse.
 */
export function VerifyFirstButton({
  verified,
  label,
  id,
  children,
}: {
  verified: boolean;
  label: string;
  id: string;
  children: ReactNode;
}) {
  if (verified) return children;
  return (
    <OverlayTrigger
      placement="top"
      delay={TOOLTIP_DELAY}
      overlay={<Tooltip id={`${id}-tooltip`}>{translate(ACCOUNT_TEXTS.verifyFirstTooltip)}</Tooltip>}
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the only way to reach a disabled button's explanation by keyboard */}
      <span className="d-inline-block" tabIndex={0}>
        <Button size="lg" disabled className="pe-none">
          {label}
        </Button>
      </span>
    </OverlayTrigger>
  );
}
