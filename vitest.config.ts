import { defineConfig } from 'vitest/config';

/**
 * `npm run test:unit`: unit tests next to the server code and the integration tests under
 * tests/integration, all against a real PostgreSQL (see tests/support/global-setup.ts).
 */
export default defineConfig({
  resolve: {
    // One copy of graphql: packages loaded by Node use its CommonJS entry, so must our sources
    // (otherwise "Cannot use GraphQLDirective from another module or realm").
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    include: ['common/**/*.test.ts', 'server/src/**/*.test.ts', 'client/src/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/setup.ts'],
    pool: 'forks',
    // Test files share a worker's module cache: the server's modules load once per worker, not
    // once per file (30 s instead of 75 s on two cores). Each file still has its own database and
    // app; nothing in the harness keeps state across files (tests/support/setup.ts resets it).
    isolate: false,
    // MikroORM may import TypeScript (migrations) outside vitest's transform.
    execArgv: ['--import', '@swc-node/register/esm-register'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
