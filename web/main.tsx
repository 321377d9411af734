// The entry waits for the boot frame of web/index.html to be painted, then runs the app (app.tsx).
// Evaluating the app's code is one long task (about 0.1 s on a desktop, four times that on a
// mid-range phone), and a browser that already holds the code runs it before painting anything:
// the page stayed blank until then. The app's files are still fetched at once: index.html preloads
// them (vite.config.ts, preloadDynamicEntry).
function start() {
  import('./app.tsx').catch((error: unknown) => console.error('DATA PIT could not start', error));
}

// requestAnimationFrame runs just before a paint, the timeout right after it. A tab opened in the
// background paints nothing (and runs no animation frames) until shown: start at once there.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
