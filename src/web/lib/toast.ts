/** Every toast closes itself after 5 seconds (the 0.3 s fade is in styles.css). */
export const TOAST_DURATION_MS = 5000;

/** `detail` is a second line under the message (e.g. the CH number a write created), the message itself kept as it is. */
type Show = (message: string, detail?: string) => void;

/**
 * The toast library loads with the first toast, not with the app: most pages (the sign-in page
 * first) draw without it. Toasts wait for it in the order raised; the Toaster
 * (src/web/app/provider.tsx), mounted on the first toast, shows those raised before it mounted.
 */
let raised = false;
const listeners = new Set<() => void>();

/** For useSyncExternalStore: whether any toast was raised yet (the Toaster is needed from then on). */
export const toastsRaised = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => raised,
};

function sonner() {
  if (!raised) {
    raised = true;
    listeners.forEach((l) => l());
  }
  return import('sonner').then((m) => m.toast);
}

/**
 * The only way features raise toasts, so kinds and timing stay uniform. The misspelt 'sucess'
 * kind (logs cleared) is plainly a success (docs/product.md, Messages and timings).
 */
export const toast: { success: Show; error: Show; info: Show; warning: Show } = {
  success: (message, detail) => void sonner().then((s) => s.success(message, { duration: TOAST_DURATION_MS, ...(detail ? { description: detail } : {}) })),
  error: (message, detail) => void sonner().then((s) => s.error(message, { duration: TOAST_DURATION_MS, ...(detail ? { description: detail } : {}) })),
  info: (message, detail) => void sonner().then((s) => s.info(message, { duration: TOAST_DURATION_MS, ...(detail ? { description: detail } : {}) })),
  warning: (message, detail) => void sonner().then((s) => s.warning(message, { duration: TOAST_DURATION_MS, ...(detail ? { description: detail } : {}) })),
};
