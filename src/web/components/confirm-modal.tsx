import { t } from '@lingui/core/macro';
import { useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

/**
 * The confirm dialog's look: OK (focused when it opens) and Cancel (or the asker's own word for no); Escape and the
 * close button answer no. When it
 * has gone, the reader's place goes back to where it was, unless the answer opened another dialog meanwhile (the
 * description asked for after a booking): that dialog keeps the focus it took.
 */
export function ConfirmModal({
  show,
  text,
  dismissLabel,
  onAnswer,
}: {
  show: boolean;
  text: string;
  dismissLabel?: string;
  onAnswer: (ok: boolean) => void;
}) {
  const id = useId();
  const okButton = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const cancel = dismissLabel ?? t`Cancel`;
  return (
    <Modal
      show={show}
      onHide={() => onAnswer(false)}
      onEnter={() => {
        returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }}
      onEntered={() => okButton.current?.focus()}
      restoreFocus={false}
      onExited={() => {
        const target = returnTo.current;
        returnTo.current = null;
        if (document.querySelector('.modal.show') || !target?.isConnected) return;
        target.focus();
      }}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      centered
    >
      <Modal.Header closeButton closeLabel={cancel}>
        <Modal.Title id={`${id}-title`} as="h2">
          {t`Please confirm`}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body id={`${id}-body`} className="fs-5">
        {text}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" size="lg" onClick={() => onAnswer(false)}>
          {cancel}
        </Button>
        <Button ref={okButton} size="lg" onClick={() => onAnswer(true)}>
          {t`OK`}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
