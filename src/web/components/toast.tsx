import 'react-toastify/ReactToastify.css';
import './toast.css';
import { useLingui } from '@lingui/react/macro';
import { type CloseButtonProps, Slide, ToastContainer, toast } from 'react-toastify/unstyled';

/** The spec's home toasts last 1750 ms and come one at a time. */
export const TOAST_MS = 1750;

export type ToastKind = 'info' | 'error';

/** The spec's two toasts: hints at the bottom right, booking errors at the top centre. */
const LOOK = {
  info: { position: 'bottom-right', type: 'info', role: 'status' },
  error: { position: 'top-center', type: 'error', role: 'alert' },
} as const;

/**
 * The one toast helper: shows `text` briefly, replacing any toast still on screen. Render `<ToastHost />` once
 * (the signed-in layout does). The unstyled entry is used because the default one injects a <style> element,
 * which the Content-Security-Policy refuses; the library's CSS is imported here instead, so it loads with the
 * signed-in screens only.
 */
export function showToast(text: string, kind: ToastKind = 'info'): void {
  toast.dismiss();
  toast(text, { ...LOOK[kind], autoClose: TOAST_MS });
}

/** The library's close button, named in the page's language (the library's own says "close" in English). */
function ToastCloseButton({ closeToast }: CloseButtonProps) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="Toastify__close-button Toastify__close-button--light"
      aria-label={t`Close`}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/**
 * The toasts' host. The library's progress bar (a progressbar named "notification timer" in English, whatever the
 * language) stays hidden from sight and from screen readers; it still times the toast.
 */
export function ToastHost() {
  const { t } = useLingui();
  // The library's own name for the region, which tells that Alt+T moves to it.
  return (
    <ToastContainer
      aria-label={t`Notifications Alt+T`}
      limit={1}
      transition={Slide}
      theme="light"
      closeOnClick
      newestOnTop
      hideProgressBar
      closeButton={(props) => <ToastCloseButton {...props} />}
    />
  );
}
