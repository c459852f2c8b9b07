import { t } from '@lingui/core/macro';
import { Fragment, useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { ConfirmDetail } from './confirm-dialog.tsx';

/**
 * The confirm dialog's look: the question, then what it is about (`details`, a list of labels and values under the
 * question's own body, which stacks on a phone), OK (focused when it opens) and Cancel (or the asker's own word for no); Escape and the
 * close button answer no. When it
 * has gone, the reader's place goes back to where it was, unless the answer opened another dialog meanwhile (the
 * description asked for after a booking): that dialog keeps the focus it took.
 */
export function ConfirmModal({
  show,
  text,
  dismissLabel,
  details = [],
  onAnswer,
}: {
  show: boolean;
  text: string;
  dismissLabel?: string;
  details?: readonly ConfirmDetail[];
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
      aria-describedby={details.length > 0 ? `${id}-body ${id}-details` : `${id}-body`}
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
      {details.length > 0 && (
        // What the question is about, under it; read with it as the dialog's description.
        <dl id={`${id}-details`} className="row mx-0 px-3 pb-2 mb-0 fs-5">
          {details.map((detail) => (
            <Fragment key={detail.label}>
              <dt className="col-sm-4 ps-0">{detail.label}</dt>
              <dd className="col-sm-8 ps-0 text-break">{detail.value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
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
