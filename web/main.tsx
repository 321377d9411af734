import { StrictMode, startTransition } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { RouterProvider } from 'react-router-dom';
import { ToastProvider } from './components/toast/ToastProvider.tsx';
import { environment } from './relay/environment.ts';
import { createRouter } from './routes.tsx';
import { AppTheme } from './theme/AppTheme.tsx';


// A phone's first visit (docs/decisions.md "Issue 28: a phone's first visit"):
// - React's renderer (react-dom/client, a third of the first load's JavaScript) is evaluated in a
//   task of its own, after this module and what it imports: a browser evaluates a module graph in
//   one task, which on a slow phone was one long task of 300-500 ms. Its file is fetched from the
//   start all the same (a module preload in index.html, vite.config.ts), so nothing waits for the
//   network in between.
// - The first screen renders in a transition: React renders it in slices of a few milliseconds and
//   lets the browser run between them, instead of in one task. The boot frame of index.html stays on
//   screen until the render commits.
// - The router is created, which starts the first page's queries (the route loaders), in the first
//   task after this module graph's evaluation rather than during it: matching the route table and
//   running the loaders was a third of that task (CPU profile of '/'), which on a slow phone was one
//   long task with the evaluation. The queries start one task later, as the renderer's import is
//   started.
setTimeout(() => {
  const router = createRouter();
  const app = (
    <StrictMode>
      <RelayEnvironmentProvider environment={environment}>
        <AppTheme>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </AppTheme>
      </RelayEnvironmentProvider>
    </StrictMode>
  );
  void import('react-dom/client').then(({ createRoot }) => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() => root.render(app));
  });
}, 0);
