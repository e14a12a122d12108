import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type ProxyOptions } from 'vite';
import { appShellChunk, documentPerModule, slimBlueprintIconNames } from './bundlePlugins';

// No node: imports here, so the client tsconfig (DOM types only) can check this file too.
const clientRoot = decodeURIComponent(new URL('./', import.meta.url).pathname);

/**
 * The dev server forwards API calls to the server. The server accepts writes and WebSocket
 * upgrades only from its own origin (CSRF and WS origin checks), so the proxy presents the
 * server's origin instead of the dev server's. This is for `npm run dev:client` only.
 */
function toServer(apiTarget: string, ws = false): ProxyOptions {
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

export default defineConfig(({ mode }) => {
  // API_TARGET: where `npm run dev:client` sends /graphql, /auth and /api (default: the server's default port).
  const apiTarget = loadEnv(mode, clientRoot, '').API_TARGET || 'http://localhost:4000';
  return {
    root: clientRoot,
    base: '/',
    plugins: [
      react(),
      // Build only: each GraphQL document and only the needed icon data in the chunks that use them.
      documentPerModule(`${clientRoot}src/gql/graphql.ts`),
      slimBlueprintIconNames(`${clientRoot}src/shared/blueprintIconNames.ts`),
      appShellChunk(`${clientRoot}index.html`),
    ],
    // Monaco (GraphiQL) starts module workers; ES format keeps them loadable under `worker-src 'self'`.
    worker: { format: 'es' },
    // Dev server only: GraphiQL's Vite worker setup imports `…?worker` modules, which pre-bundling
    // cannot load, so it is served as is; the CommonJS modules its GraphQL worker reaches
    // (picomatch-browser, nullthrows via graphql-language-service) must then be pre-bundled explicitly.
    optimizeDeps: {
      exclude: ['graphiql/setup-workers/vite', '@graphiql/react/setup-workers/vite'],
      include: ['monaco-graphql > picomatch-browser', 'monaco-graphql > graphql-language-service'],
    },
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
        '/graphql': toServer(apiTarget, true),
        '/auth': toServer(apiTarget),
        '/api': toServer(apiTarget),
        // The participants download and the website snippets are served by the product too.
        '/csv': toServer(apiTarget),
        '/html': toServer(apiTarget),
      },
    },
  };
});
