/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * Set VITE_PRODUCTION=true when building for production (`VITE_PRODUCTION=true npm run build:client`)
   * to hide the green "DIES IST EIN TESTSYSTEM" bar. Every other build (tests, demo) shows it.
   */
  readonly VITE_PRODUCTION?: string;
}
