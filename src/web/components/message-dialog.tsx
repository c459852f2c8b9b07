import { plural, t } from '@lingui/core/macro';
import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { ModalMessage } from './message-modal.tsx';

/**
 * A labelled dialog with a title, a message and an OK button (focused when it opens). OK, Escape, the close
 * button or the end of the countdown all call `onDone`, once.
 */
export function MessageModal({ message, show, onDone }: { message: ModalMessage | null; show: boolean; onDone: () => void }) {
  const id = useId();
  const okButton = useRef<HTMLButtonElement>(null);
  const countdown = message?.countdownSeconds;
  const [secondsLeft, setSecondsLeft] = useState(countdown ?? 0);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (!show || countdown === undefined) return;
    setSecondsLeft(countdown);
    const started = Date.now();
    const timer = window.setInterval(() => {
      const left = countdown - Math.floor((Date.now() - started) / 1000);
      if (left <= 0) {
        window.clearInterval(timer);
        done.current();
      } else {
        setSecondsLeft(left);
      }
    }, 200);
    return () => window.clearInterval(timer);
  }, [show, countdown]);

  return (
    <Modal
      show={show && message !== null}
      onHide={() => done.current()}
      onEntered={() => okButton.current?.focus()}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      centered
    >
      <Modal.Header closeButton closeLabel={t`Close`}>
        <Modal.Title id={`${id}-title`} as="h2">
          {message?.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body id={`${id}-body`} className="fs-5">
        {message?.body}
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <span className="text-body-secondary">
          {countdown !== undefined && t`Continuing in ${plural(secondsLeft, { one: '# second', other: '# seconds' })}.`}
        </span>
        <Button ref={okButton} size="lg" onClick={() => done.current()}>
          {t`OK`}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
