export {};

declare module 'vitest' {
  /** Values tests/support/global-setup.ts hands to every test file (read with `inject`). */
  export interface ProvidedContext {
    /** PostgreSQL server URL without a database name. */
    pgServerUrl: string;
    /** The migrated template each test file copies. */
    templateDatabase: string;
    /** Every database of this run starts with it. */
    databasePrefix: string;
  }
}
