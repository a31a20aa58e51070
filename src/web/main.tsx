import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { createAppRouter, preloadPage } from './app/router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const router = createAppRouter();

// The first render waits for the opened page's code (requested here, all chunks at once): index.html's
// splash stays up until the page draws in one go, instead of a loading screen in between. A chunk
// that failed to load is asked for again by its page, whose error screen then says so.
void preloadPage(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    // As a transition, the first render runs in slices that let the browser in between, not as one
    // long task after the scripts' evaluation (Lighthouse: total blocking time).
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <AppProvider>
            <RouterProvider router={router} />
          </AppProvider>
        </StrictMode>,
      ),
    ),
  );
