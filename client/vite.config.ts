import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// No node: imports here, so the client tsconfig (DOM types only) can check this file too.
const clientRoot = decodeURIComponent(new URL('./', import.meta.url).pathname);
const apiTarget = 'http://localhost:4000';

/**
 * The dev server forwards API calls to the server. The server accepts writes and WebSocket
 * upgrades only from its own origin (CSRF and WS origin checks), so the proxy presents the
 * server's origin instead of the dev server's. This is for `npm run dev:client` only.
 */
function toServer(ws = false): ProxyOptions {
  return {
    target: apiTarget,
    ws,
    changeOrigin: true,
    configure: (proxy) => {
      proxy.on('proxyReq', (proxyReq) => {
        if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', apiTarget);
      });
      proxy.on('proxyReqWs', (proxyReq) => {
        if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', apiTarget);
      });
    },
  };
}

export default defineConfig({
  root: clientRoot,
  base: '/',
  plugins: [react()],
  // Monaco (GraphiQL) starts module workers; ES format keeps them loadable under `worker-src 'self'`.
  worker: { format: 'es' },
  build: {
    outDir: `${clientRoot}../dist/client`,
    emptyOutDir: true,
    // Monaco alone is a few MB; it only loads on /graphiql, the admin app stays small.
    chunkSizeWarningLimit: 5000,
    rolldownOptions: {
      // Multi-page: the app and the GraphQL playground (served by the server at /graphiql).
      input: {
        main: `${clientRoot}index.html`,
        graphiql: `${clientRoot}graphiql.html`,
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': toServer(true),
      '/auth': toServer(),
      '/api': toServer(),
    },
  },
});
