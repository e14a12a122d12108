import type { Plugin } from 'vite';

/*
 * Build-only plugins that keep code out of the chunks every page downloads (vite.config.ts).
 * No node: imports here, so the client tsconfig (DOM types only) can check this file too.
 */

/**
 * Blueprint's icon loader imports `iconNames.js`, a table of all ~700 icon names (about 9 KB
 * compressed) that every page would download just to validate names; the build uses the slim
 * stand-in `src/shared/blueprintIconNames.ts` instead. Fails the build if Blueprint no longer
 * imports that module, so the replacement cannot silently stop working after an upgrade.
 */
export function slimBlueprintIconNames(replacement: string): Plugin {
  let replaced = false;
  return {
    name: 'slim-blueprint-icon-names',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced = false;
    },
    resolveId(source, importer) {
      if (source !== './iconNames' || !importer || !/[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]/.test(importer)) return null;
      replaced = true;
      return replacement;
    },
    buildEnd(error) {
      if (!error && !replaced) this.error('slim-blueprint-icon-names: @blueprintjs/icons no longer imports ./iconNames; check the replacement.');
    },
  };
}
