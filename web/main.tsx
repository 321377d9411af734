import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RelayEnvironmentProvider } from 'react-relay';
import { RouterProvider } from 'react-router-dom';
import { ToastProvider } from './components/toast/ToastProvider.tsx';
import { environment } from './relay/environment.ts';
import { createRouter } from './routes.tsx';
import { AppTheme } from './theme/AppTheme.tsx';

const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RelayEnvironmentProvider environment={environment}>
      <AppTheme>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AppTheme>
    </RelayEnvironmentProvider>
  </StrictMode>,
);
