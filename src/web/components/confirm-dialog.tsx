import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';

/** One fact the question is about, shown under it: "Day", "Saturday, November 28, 2026". */
export type ConfirmDetail = { readonly label: string; readonly value: string };

/**
 * `dismissLabel`: the button that answers no, when "Cancel" would say the opposite (a question about cancelling a
 * visit, whose "Cancel" keeps it). `details`: what the question is about, listed under it (a visit's day, time, type
 * and place), so that the answer is given knowing exactly what it changes.
 */
type ConfirmOptions = { dismissLabel?: string; details?: readonly ConfirmDetail[] };
type Confirm = (text: string, options?: ConfirmOptions) => Promise<boolean>;
type ConfirmModalProps = {
  show: boolean;
  text: string;
  dismissLabel?: string;
  details?: readonly ConfirmDetail[];
  onAnswer: (ok: boolean) => void;
};

/** If the dialog's code cannot be loaded (the network dropped), the browser's own confirm still asks, details too. */
function BrowserConfirm({ show, text, details = [], onAnswer }: ConfirmModalProps) {
  useEffect(() => {
    if (show) onAnswer(window.confirm([text, ...details.map((detail) => `${detail.label}: ${detail.value}`)].join('\n')));
  }, [show, text, details, onAnswer]);
  return null;
}

// The modal's code loads with the first question, so the public pages' first bundle stays without it.
const ConfirmModal = lazy<ComponentType<ConfirmModalProps>>(() =>
  import('./confirm-modal.tsx').then(
    (module) => ({ default: module.ConfirmModal }),
    () => ({ default: BrowserConfirm }),
  ),
);

const ConfirmContext = createContext<Confirm | null>(null);

/** The one confirm dialog of the app. Mount once, near the root; ask with `useConfirm()`. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [question, setQuestion] = useState<({ text: string } & ConfirmOptions) | null>(null);
  const [open, setOpen] = useState(false);
  const pending = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((text, options) => {
    // A new question supersedes one left unanswered; the old one counts as cancelled.
    pending.current?.(false);
    return new Promise<boolean>((resolve) => {
      pending.current = resolve;
      setQuestion({ ...options, text });
      setOpen(true);
    });
  }, []);

  const answer = useCallback((ok: boolean) => {
    const resolve = pending.current;
    pending.current = null;
    setOpen(false);
    resolve?.(ok);
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {question !== null && (
        <Suspense fallback={null}>
          <ConfirmModal show={open} {...question} onAnswer={answer} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/**
 * `const confirm = useConfirm(); if (await confirm('Are you sure…?')) …` resolves true for OK, false otherwise;
 * `confirm(question, { details })` lists what the question is about under it.
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('no ConfirmProvider');
  return confirm;
}
