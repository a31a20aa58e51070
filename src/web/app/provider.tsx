import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from '../lib/query-client.ts';
import { TOAST_DURATION_MS } from '../lib/toast.ts';
import { LoadingState } from '../ui/states.tsx';

/** Server state, toasts and the first page's loading screen around the whole app. */
export function AppProvider({ children }: { children: ReactNode }) {
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
      {/* Below the 64 px top bar, so a toast never covers the user menu. */}
      <Toaster position="top-right" offset={{ top: 76, right: 16 }} mobileOffset={{ top: 72 }} richColors closeButton duration={TOAST_DURATION_MS} />
    </QueryClientProvider>
  );
}
