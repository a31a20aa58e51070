import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useSyncExternalStore } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { TOAST_DURATION_MS, toastsRaised } from '../lib/toast.ts';
import { LoadingState } from '../ui/states.tsx';

/** The toast library in a chunk of its own, loaded with the first toast (src/web/lib/toast.ts). */
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Server state, toasts and the first page's loading screen around the whole app. */
export function AppProvider({ children }: { children: ReactNode }) {
  const toasting = useSyncExternalStore(toastsRaised.subscribe, toastsRaised.get);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense
        fallback={
          <div className="grid min-h-screen place-items-center">
            <LoadingState />
          </div>
        }
      >
        {children}
      </Suspense>
      {toasting && (
        <Suspense fallback={null}>
          {/* Below the 64 px top bar, so a toast never covers the user menu. */}
          <Toaster position="top-right" offset={{ top: 76, right: 16 }} mobileOffset={{ top: 72 }} richColors closeButton duration={TOAST_DURATION_MS} />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
