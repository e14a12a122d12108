/**
 * Stands in for `@blueprintjs/icons/lib/esm/iconNames.js` in the built client (vite.config.ts,
 * plugin `slim-blueprint-icon-names`). Blueprint's own module builds its name tables from an enum of
 * all ~700 icon names (64 KB, about 9 KB compressed) which every page would download only so that
 * `Icons` can tell a known icon name from an unknown one. Here that check accepts any well-formed
 * name; an unknown one is reported by the client's icon loader (shared/icons.ts) once the full
 * path table is loaded for it, and renders empty as before.
 *
 * `IconNames` answers every constant Blueprint offers (`IconNames.ARROW_UP`, `IconNames.ArrowUp`,
 * both "arrow-up") by converting the key; it cannot list them (`Icons.loadAll()` is not used by this
 * client). blueprintIconNames.test.ts checks both against Blueprint's module for every icon.
 */
import type { IconName } from '@blueprintjs/icons';

const WELL_FORMED = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** `ARROW_UP` and `ArrowUp` → `arrow-up`. */
export function iconNameOf(key: string): string {
  if (/^[A-Z0-9_]+$/.test(key)) return key.toLowerCase().replace(/_/g, '-');
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

export const IconNames = new Proxy({} as Record<string, IconName>, {
  get: (_target, key) => (typeof key === 'string' ? (iconNameOf(key) as IconName) : undefined),
});

export const IconNamesSet: Pick<ReadonlySet<string>, 'has'> = {
  has: (name: string) => typeof name === 'string' && WELL_FORMED.test(name),
};
