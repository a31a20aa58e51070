import { toast as sonner } from 'sonner';

/** Spec §2/§9: every toast closes itself after 5 seconds (the 0.3 s fade is in styles.css). */
export const TOAST_DURATION_MS = 5000;

type Show = (message: string) => void;

/**
 * The only way features raise toasts, so kinds and timing stay uniform. The spec's misspelt
 * 'sucess' kind (logs cleared) is plainly a success.
 */
export const toast: { success: Show; error: Show; info: Show; warning: Show } = {
  success: (message) => void sonner.success(message, { duration: TOAST_DURATION_MS }),
  error: (message) => void sonner.error(message, { duration: TOAST_DURATION_MS }),
  info: (message) => void sonner.info(message, { duration: TOAST_DURATION_MS }),
  warning: (message) => void sonner.warning(message, { duration: TOAST_DURATION_MS }),
};
