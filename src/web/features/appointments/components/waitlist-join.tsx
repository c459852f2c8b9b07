import '../waitlist.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { BusinessDate } from '../../../../shared/business-time.ts';
import type { WaitlistEntry } from '../../../../shared/waitlist.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useJoinWaitlist, useLeaveWaitlist, useMyWaitlist } from '../api/waitlist.ts';
import type { DaySlot } from '../booking-days.ts';
import { longDate } from '../formats.ts';

/**
 * A weekend day is full when none of its times is free and some are taken or closed by the owner (not only gone by
 * or too soon): the customer may wait for it (issue 39). The calendar lets such a day be chosen.
 */
export function isFullDay(slots: readonly DaySlot[]): boolean {
  return !slots.some((slot) => slot.status === 'free') && slots.some((slot) => slot.status === 'taken' || slot.status === 'time-off');
}

/**
 * Under the times of a full day: "Tell me if a time opens up on Saturday, December 12", or, already waiting, that
 * they are on the list with a way to leave it. What happened is said in a live region.
 */
export function WaitlistJoin({ date }: { date: BusinessDate }) {
  const { t } = useLingui();
  const waitlist = useMyWaitlist();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const [problem, setProblem] = useState<string>();
  const day = longDate(date);
  const entry = waitlist.data?.entries.find((candidate) => candidate.date === date);

  const ask = async () => {
    setProblem(undefined);
    try {
      await join.mutateAsync(date);
    } catch (error) {
      setProblem(errorText(error) ?? t`Sorry, that did not work. Please try again.`);
    }
  };

  return (
    <div className="waitlist-join mt-3">
      <p className="mb-2">
        <Trans>Every time on {day} is taken.</Trans>
      </p>
      <div role="status">{entry ? <WaitingLine entry={entry} onLeave={() => leave.mutate(entry.id)} busy={leave.isPending} /> : null}</div>
      {!entry && (
        <Button variant="outline-primary" size="lg" className="mw-100" onClick={ask} disabled={join.isPending || waitlist.isPending}>
          <Trans>Tell me if a time opens up on {day}</Trans>
        </Button>
      )}
      {problem && (
        <Alert variant="warning" className="mt-3 mb-0">
          {problem}
        </Alert>
      )}
    </div>
  );
}

/** One day the customer waits for: waiting, with Leave; or a time held for them, with the way to book it. */
export function WaitingLine({ entry, onLeave, busy }: { entry: WaitlistEntry; onLeave: () => void; busy: boolean }) {
  const day = longDate(entry.date);
  if (entry.state === 'offered' && entry.offer) {
    return (
      <p className="waitlist-line mb-2">
        <Trans>A time opened up on {day}, held for you for a few minutes.</Trans>{' '}
        <Link to={`/book/offer/${entry.id}`} className="fw-bold">
          <Trans>See the time and book it</Trans>
        </Link>
      </p>
    );
  }
  return (
    <p className="waitlist-line mb-2">
      <Trans>You're on the waiting list for {day}.</Trans> <span aria-hidden="true">·</span>{' '}
      <Button variant="link" className="waitlist-leave p-0 align-baseline" onClick={onLeave} disabled={busy}>
        <Trans>
          Leave<span className="visually-hidden"> the waiting list for {day}</span>
        </Trans>
      </Button>
    </p>
  );
}

/** The days the customer waits for, on the home screen (above the picker); nothing when none. */
export function WaitlistDays() {
  const { t } = useLingui();
  const waitlist = useMyWaitlist();
  const leave = useLeaveWaitlist();
  const entries = waitlist.data?.entries ?? [];
  if (entries.length === 0) return null;
  return (
    <section className="waitlist-days mb-3" aria-label={t`Your waiting list`}>
      {entries.map((entry) => (
        <WaitingLine key={entry.id} entry={entry} onLeave={() => leave.mutate(entry.id)} busy={leave.isPending} />
      ))}
    </section>
  );
}
