import { type ComponentType, lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';

/** The spec's countdown modal waits 3 seconds by default before it moves on. */
export const DEFAULT_COUNTDOWN_SECONDS = 3;

export type ModalMessage = {
  title: string;
  body: ReactNode;
  /** When set, the modal closes by itself after this many seconds (and `onDone` runs). */
  countdownSeconds?: number;
};

type MessageModalProps = { message: ModalMessage | null; show: boolean; onDone: () => void };

/** If the dialog's code cannot be loaded (the network dropped), the browser's own alert still tells the message. */
function BrowserAlert({ message, show, onDone }: MessageModalProps) {
  useEffect(() => {
    if (!show || !message) return;
    window.alert([message.title, typeof message.body === 'string' ? message.body : ''].filter(Boolean).join('\n\n'));
    onDone();
  }, [show, message, onDone]);
  return null;
}

const loadDialog = () => import('./message-dialog.tsx');

/**
 * Starts downloading the dialog's code: a screen calls it as a write begins, so that the dialog that tells its
 * outcome opens without waiting. The code is not part of any page's first load (decision 019).
 */
export function preloadMessageModal() {
  loadDialog().catch(() => undefined);
}

const MessageModal = lazy<ComponentType<MessageModalProps>>(() =>
  loadDialog().then(
    (module) => ({ default: module.MessageModal }),
    () => ({ default: BrowserAlert }),
  ),
);

/**
 * A message modal driven by a promise: `await modal.show({...})` resolves when the user closes it or its
 * countdown ends, so a flow reads top to bottom. Render `modal.element` once in the screen.
 */
export function useMessageModal() {
  const [message, setMessage] = useState<ModalMessage | null>(null);
  const [open, setOpen] = useState(false);
  const resolver = useRef<(() => void) | null>(null);

  const show = useCallback((next: ModalMessage) => {
    preloadMessageModal();
    resolver.current?.();
    return new Promise<void>((resolve) => {
      resolver.current = resolve;
      setMessage(next);
      setOpen(true);
    });
  }, []);

  const finish = useCallback(() => {
    const resolve = resolver.current;
    resolver.current = null;
    setOpen(false);
    resolve?.();
  }, []);

  // The message stays set while the dialog fades out, so its text does not vanish mid-animation.
  // Its code loads with the first message (or with preloadMessageModal), and stays for the next ones.
  const element =
    message === null ? null : (
      <Suspense fallback={null}>
        <MessageModal message={message} show={open} onDone={finish} />
      </Suspense>
    );
  return { show, element };
}
