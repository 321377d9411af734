import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import relay from 'vite-plugin-relay';
import { compression } from 'vite-plugin-compression2';

// `npm run dev` serves the API on PORT (3000); `npm run dev:web` proxies to it with hot reload.
const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/**
 * The app's scripts are fetched at low priority: they are module scripts, which never block the
 * first paint (the boot frame of index.html paints without them), but Chrome fetches them at high
 * priority, and Lighthouse then counts every one that arrived before the first paint as blocking it
 * (its first-paint estimate then waits for 180 KB of JavaScript on a slow phone line). Nothing else
 * competes with them while the page loads (docs/decisions.md "The first paint names the page").
 */
function scriptsAtLowPriority(): Plugin {
  return {
    name: 'scripts-at-low-priority',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"'),
    },
  };
}

/**
 * web/main.tsx imports React's renderer (react-dom/client) once the rest of the first load is
 * evaluated, so that the two are evaluated in separate tasks; its file is listed in index.html as a
 * module preload, so the browser fetches it with the entry's instead of after it (docs/decisions.md
 * "Issue 28: a phone's first visit").
 */
function preloadTheRenderer(): Plugin {
  return {
    name: 'preload-the-renderer',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        const chunks = Object.values(context.bundle ?? {}).filter((output) => output.type === 'chunk');
        const renderer = chunks.find((chunk) => /\/react-dom\/client\.js$/.test(chunk.facadeModuleId ?? ''));
        if (!renderer) throw new Error('preload-the-renderer: react-dom/client is not a chunk of its own');
        const files = [renderer.fileName, ...renderer.imports].filter((file) => !html.includes(`/${file}"`));
        const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
        return html.replace('</head>', `  ${links}\n  </head>`);
      },
    },
  };
}

/**
 * react-relay ships two implementations of its fragment hook and picks one at run time by
 * RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY, which is on by default in the version we use
 * and never turned off here: the other one (`useFragmentInternal_CURRENT`, ~2 KB of '/') is dead
 * code no bundler can see. It is replaced by a stub that says so if the flag is ever turned off
 * (docs/performance.md, "Web delivery").
 */
function withoutUnusedRelayFragmentHook(): Plugin {
  const stub = fileURLToPath(new URL('web/relay/unusedRelayHook.js', import.meta.url));
  return {
    name: 'without-unused-relay-fragment-hook',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id === './useFragmentInternal_CURRENT' && importer?.includes('/react-relay/lib/relay-hooks/')) return stub;
      return null;
    },
  };
}

export default defineConfig({
  root: 'web',
  // every text asset over 1 KB also as .br and .gz: the server sends the one the browser accepts
  // (precompressed at build time: no compression work per request)
  plugins: [withoutUnusedRelayFragmentHook(), react(), relay as PluginOption, compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }), preloadTheRenderer(), scriptsAtLowPriority()],
  resolve: {
    alias: [
      // react-relay's main module is CommonJS that also carries the legacy container API
      // (QueryRenderer, createFragmentContainer, ...), which nothing here uses and no bundler can
      // drop; its hooks entry is the same API without them (docs/performance.md, "Web delivery").
      { find: /^react-relay$/, replacement: fileURLToPath(new URL('node_modules/react-relay/hooks.js', import.meta.url)) },
    ],
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // .vite/manifest.json: bench/js-budget.ts reads which chunks '/' loads from it
    manifest: true,
  },
  server: { port: 5173, proxy: { '/graphql': { target: api, ws: true }, '/api': api, '/healthz': api, '/readyz': api } },
});
