import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { type ReactNode, createContext, useContext, useEffect } from 'react';
import { cn } from '../lib/cn.ts';
import { SETTLE_MS } from '../lib/use-settling.ts';
import { Button } from './button.tsx';
import { Icon } from './icons.tsx';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** While true, Escape, the backdrop and the close button do nothing: a write is in flight. */
  busy?: boolean;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}

const SIZES = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' };

/**
 * What a page keeps readable beside its dialogs from 1280 px up (the complaint, on a submission's
 * details page): the dialog then opens on the right, with this beside it, undimmed, scrolling on
 * its own. Narrower screens show the dialog alone.
 */
export const DialogAside = createContext<ReactNode>(null);

/**
 * Headless UI's Dialog: focus trapped inside, returned on close, Escape and the backdrop close it
 * (docs/product.md, Screens), the title and description label it for screen readers.
 */
export function Modal({ open, onClose, title, description, busy = false, size = 'md', children }: ModalProps) {
  const close = () => {
    if (!busy) onClose();
  };
  // The second click of the double-click that opened the dialog is not a click outside it: for a
  // moment, a released pointer is marked handled, which Headless UI's outside-click check skips.
  useEffect(() => {
    if (!open) return;
    const settle = (event: PointerEvent) => event.preventDefault();
    window.addEventListener('pointerup', settle, true);
    const stop = () => window.removeEventListener('pointerup', settle, true);
    const timer = setTimeout(stop, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [open]);
  const aside = useContext(DialogAside);
  // Reading or selecting text beside the dialog is not a click outside it.
  useEffect(() => {
    if (!open || !aside) return;
    const inside = (event: PointerEvent) => {
      if (event.target instanceof Element && event.target.closest('[data-dialog-aside]')) event.preventDefault();
    };
    window.addEventListener('pointerup', inside, true);
    return () => window.removeEventListener('pointerup', inside, true);
  }, [open, aside]);
  // The dialog element itself covers the screen, so it has a box (tools and tests see it as shown).
  // It fades in by CSS alone (`starting:`, a style it starts from) and closes at once: Headless UI's
  // own transitions can leave a dialog closed while it opens on the screen for good (decision 067).
  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 starting:opacity-0" />
      {aside && (
        // Inside the dialog (a click on it is not a click outside), read-only beside the panel.
        <div className="fixed inset-y-0 left-0 hidden w-[calc(100vw-36rem)] overflow-y-auto bg-slate-50 p-6 shadow-xl xl:block" data-dialog-aside="">
          {aside}
        </div>
      )}
      <div className={cn('fixed inset-0 w-screen overflow-y-auto', aside ? 'xl:left-auto xl:w-[36rem]' : undefined)}>
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel
            className={cn(
              'relative w-full rounded-xl bg-white shadow-xl ring-1 ring-slate-900/5 transition duration-200 starting:translate-y-2 starting:opacity-0 sm:starting:translate-y-0 sm:starting:scale-95',
              SIZES[size],
            )}
          >
            <div className="flex items-start justify-between gap-4 px-6 pt-5">
              <div>
                <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
                {description && <Description className="mt-1 text-sm text-slate-600">{description}</Description>}
              </div>
              <button type="button" onClick={close} disabled={busy} aria-label="Close" className="-mr-2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 disabled:opacity-50">
                <Icon name="close" />
              </button>
            </div>
            {children}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

export function DialogBody({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('px-6 py-5', className)}>{children}</div>;
}

/** Footer with Cancel and the confirming action, right-aligned; stacked full-width on phones. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-3 border-t border-slate-200 bg-slate-50 px-6 py-4 sm:flex-row sm:justify-end rounded-b-xl">{children}</div>;
}

export interface FormActionsProps {
  onCancel: () => void;
  /** While the save runs: Cancel is disabled and the submit button reads 'Please wait...'. */
  busy: boolean;
  submitLabel?: string;
  submitDisabled?: boolean;
  /** Why the submit button is disabled, for a pointer's tooltip. */
  submitTitle?: string | undefined;
  tone?: 'primary' | 'danger';
}

/** The footer of a form dialog: Cancel, then the form's submit button. */
export function FormActions({ onCancel, busy, submitLabel = 'Save', submitDisabled = false, submitTitle, tone = 'primary' }: FormActionsProps) {
  return (
    <DialogActions>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant={tone} busy={busy} busyText="Please wait..." disabled={submitDisabled} title={submitTitle}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** Nothing to confirm yet (or at all): the button shows but does nothing. */
  confirmDisabled?: boolean;
  confirmLabel?: string;
  tone?: 'primary' | 'danger';
}

/** Cancel / Confirm, with 'Please wait...' on the confirm button while the action runs (docs/product.md, Screens). */
export function ConfirmDialog({ open, title, message, onConfirm, onCancel, busy = false, confirmDisabled = false, confirmLabel = 'Confirm', tone = 'primary' }: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onCancel} title={title} busy={busy} size="sm">
      <DialogBody>
        <div className="text-sm text-slate-700">{message}</div>
      </DialogBody>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant={tone} onClick={onConfirm} busy={busy} busyText="Please wait..." disabled={confirmDisabled}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Modal>
  );
}
