import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay';
import { RouterProvider } from 'react-router-dom';
import { ToastProvider } from './components/toast/ToastProvider.tsx';
import { environment } from './relay/environment.ts';
import { createRouter } from './routes.tsx';
import { AppTheme } from './theme/AppTheme.tsx';

const router = createRouter();

// The first render is a transition: React renders the page in slices of a few milliseconds and
// lets the browser paint and take input between them, instead of one long task (on a slow phone
// the floor's first render was several hundred milliseconds of blocked main thread).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <RelayEnvironmentProvider environment={environment}>
        <AppTheme>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </AppTheme>
      </RelayEnvironmentProvider>
    </StrictMode>,
  ),
);
