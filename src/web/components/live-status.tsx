import './live-status.css';
import { select } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useLiveState } from '../lib/live-updates.ts';

/** A quiet line saying whether the screen is being kept up to date; changes are announced politely. */
export function LiveStatus({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const state = useLiveState();
  return (
    <p role="status" className={`live-status live-status-${state.toLowerCase()} ${className}`}>
      <span className="live-status-dot" aria-hidden="true" />
      {t`Live updates: ${select(state, { Online: 'Online', Offline: 'Offline', other: 'Connecting…' })}`}
    </p>
  );
}
