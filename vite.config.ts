import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import relay from 'vite-plugin-relay';

// `npm run dev` serves the API on PORT (3000); `npm run dev:web` proxies to it with hot reload.
const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: 'web',
  plugins: [react(), relay as PluginOption],
  build: { outDir: '../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { port: 5173, proxy: { '/graphql': { target: api, ws: true }, '/api': api, '/healthz': api, '/readyz': api } },
});
