import 'react-toastify/ReactToastify.css';
import './toast.css';
import { useLingui } from '@lingui/react/macro';
import { Slide, ToastContainer, toast } from 'react-toastify/unstyled';

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

export function ToastHost() {
  const { t } = useLingui();
  // The library's own name for the region, which tells that Alt+T moves to it.
  return <ToastContainer aria-label={t`Notifications Alt+T`} limit={1} transition={Slide} theme="light" closeOnClick newestOnTop />;
}
