import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { APPOINTMENT_TEXTS, type CustomerAppointment } from '../../../../shared/appointments.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { translate } from '../../../lib/i18n.ts';
import { useRescheduleAppointment } from '../api/reschedule-appointment.ts';
import { appointmentTime } from '../formats.ts';
import { SlotChoiceCalendar, SlotChoiceStatus, SlotChoiceTimes, useSlotChoice } from './slot-choice.tsx';

/** Refusals after which the chosen time is no longer open: the choice is cleared so another can be made. */
const SLOT_REFUSALS = ['SLOT_TAKEN', 'SLOT_CLOSED', 'TOO_SOON', 'SAME_SLOT'];

function RescheduleForm({
  appointment,
  onMoved,
  onClose,
}: {
  appointment: CustomerAppointment;
  onMoved: (moved: CustomerAppointment) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const choice = useSlotChoice();
  const reschedule = useRescheduleAppointment();
  const [problem, setProblem] = useState<string>();
  const problemRef = useRef<HTMLDivElement>(null);
  const startsAt = Date.parse(appointment.startsAt);
  const when = Number.isNaN(startsAt) ? '' : appointmentTime(startsAt);

  const say = (message: string) => {
    setProblem(message);
    // The message is read out (role=alert) and the reader's place moves to it.
    window.setTimeout(() => problemRef.current?.focus(), 0);
  };

  const move = async () => {
    if (reschedule.isPending) return;
    const date = choice.selectedDate;
    const slot = choice.view?.chosenSlot;
    if (!date || !slot) {
      say(translate(APPOINTMENT_TEXTS.selectTimeError));
      return;
    }
    try {
      const moved = await reschedule.mutateAsync({ appointmentId: appointment.id, date, slot });
      onMoved(moved);
    } catch (error) {
      if (error instanceof ApiRequestError && SLOT_REFUSALS.includes(error.code)) choice.setSlot(undefined);
      say(errorText(error) ?? translate(APPOINTMENT_TEXTS.rescheduleFailed));
    }
  };

  return (
    <>
      <Modal.Body>
        {!Number.isNaN(startsAt) && (
          <p className="fs-5">
            {appointment.isRemote
              ? t`Your Remote visit is now on ${when}. It stays there until the new time is confirmed.`
              : t`Your In-Person visit is now on ${when}. It stays there until the new time is confirmed.`}
          </p>
        )}
        {choice.view ? (
          <div className="booking-columns">
            <SlotChoiceCalendar choice={choice} heading={t`1. Choose a new day`} busy={reschedule.isPending} />
            <SlotChoiceTimes
              choice={choice}
              idPrefix={id}
              legend={t`2. Choose a new time`}
              legendOn={(day) => t`2. Choose a new time on ${day}`}
              ownStartsAt={startsAt}
            />
          </div>
        ) : (
          <SlotChoiceStatus choice={choice} />
        )}
        {problem && (
          <Alert variant="danger" className="mt-3 mb-0" role="alert" tabIndex={-1} ref={problemRef}>
            {problem}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" size="lg" onClick={onClose}>
          <Trans>Keep the current time</Trans>
        </Button>
        <Button size="lg" onClick={move}>
          {reschedule.isPending ? <Trans>Moving…</Trans> : <Trans>Move my visit</Trans>}
        </Button>
      </Modal.Footer>
    </>
  );
}

/**
 * The dialog that moves a visit to another free time: `dialog.open(appointment)`; render `dialog.element` once.
 * `onMoved` hears the visit at its new time once the server has moved it (and the list has been read again) and the
 * dialog has gone.
 */
export function useRescheduleDialog(onMoved: (moved: CustomerAppointment) => void) {
  const { t } = useLingui();
  const id = useId();
  const [appointment, setAppointment] = useState<CustomerAppointment>();
  const [show, setShow] = useState(false);
  const openings = useRef(0);
  const returnTo = useRef<HTMLElement | null>(null);
  const moved = useRef<CustomerAppointment | null>(null);

  const open = useCallback((chosen: CustomerAppointment) => {
    openings.current += 1;
    moved.current = null;
    setAppointment(chosen);
    setShow(true);
  }, []);
  const close = useCallback(() => setShow(false), []);

  // Once the dialog has gone: after a move, `onMoved` (the row's button may be elsewhere now); otherwise the reader's
  // place goes back to the button that opened it.
  const exited = () => {
    const result = moved.current;
    moved.current = null;
    if (result) onMoved(result);
    else if (returnTo.current?.isConnected) returnTo.current.focus();
  };

  const element = (
    <Modal
      show={show && appointment !== undefined}
      onHide={close}
      onEnter={() => {
        returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }}
      restoreFocus={false}
      onExited={exited}
      aria-labelledby={`${id}-title`}
      size="xl"
      centered
      fullscreen="sm-down"
      dialogClassName="reschedule-dialog"
    >
      <Modal.Header closeButton closeLabel={t`Close`}>
        <Modal.Title id={`${id}-title`} as="h2">
          <Trans>Change the time of your visit</Trans>
        </Modal.Title>
      </Modal.Header>
      {appointment && (
        <RescheduleForm
          key={openings.current}
          appointment={appointment}
          onClose={close}
          onMoved={(result) => {
            moved.current = result;
            close();
          }}
        />
      )}
    </Modal>
  );
  return { open, element };
}
