import './live-status.css';
import { type LiveState, useLiveState } from '../lib/live-updates.ts';

const WORDS: Record<LiveState, string> = { Unknown: 'Connecting…', Online: 'Online', Offline: 'Offline' };

/** A quiet line saying whether the screen is being kept up to date; changes are announced politely. */
export function LiveStatus({ className = '' }: { className?: string }) {
  const state = useLiveState();
  return (
    <p role="status" className={`live-status live-status-${state.toLowerCase()} ${className}`}>
      <span className="live-status-dot" aria-hidden="true" />
      Live updates: {WORDS[state]}
    </p>
  );
}
