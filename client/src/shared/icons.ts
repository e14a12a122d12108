import { type IconName, type IconPaths, Icons, IconSize } from '@blueprintjs/icons';
import tickCircle16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle.js';
import error16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/error.js';
import warningSign16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign.js';
import infoSign16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign.js';
import key16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/key.js';
import envelope16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope.js';
import tickCircle20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle.js';
import error20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/error.js';
import warningSign20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign.js';
import infoSign20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign.js';
import key20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/key.js';
import envelope20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/envelope.js';
import search20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/search.js';

/**
 * Blueprint loads icon paths lazily; its default loader pulls a chunk with all ~700 icons of a
 * size on the first icon shown. The icons this client uses are bundled instead (a few KB), in two
 * sets: the ones the public pages show (toasts, callouts, sign-in, not-found page) here, which every
 * page downloads, and the admin screens' in layout/adminIcons.ts, which the admin frame registers
 * (so the drawer, the dashboard and the first screens after sign-in load no icon chunk either, and
 * the public pages do not download them). Any other icon still falls back to that per-size chunk.
 */
const paths16: Partial<Record<IconName, IconPaths>> = {
  'tick-circle': tickCircle16,
  'error': error16,
  'warning-sign': warningSign16,
  'info-sign': infoSign16,
  'key': key16,
  'envelope': envelope16,
};
const paths20: Partial<Record<IconName, IconPaths>> = {
  'tick-circle': tickCircle20,
  'error': error20,
  'warning-sign': warningSign20,
  'info-sign': infoSign20,
  'key': key20,
  'envelope': envelope20,
  'search': search20,
};

const pascalCase = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_match, _dash: string, char: string) => char.toUpperCase());

async function loadPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const known = (size === IconSize.STANDARD ? paths16 : paths20)[name];
  if (known) return known;
  const all: Record<string, unknown> =
    size === IconSize.STANDARD
      ? await import('@blueprintjs/icons/lib/esm/generated/16px/paths/index.js')
      : await import('@blueprintjs/icons/lib/esm/generated/20px/paths/index.js');
  const paths = all[pascalCase(name)];
  if (Array.isArray(paths)) return paths as IconPaths;
  // Blueprint's own name check is slimmed down in the build (blueprintIconNames.ts), so an unknown name ends here.
  console.error(`[Blueprint] Unknown icon '${name}'`);
  return [];
}

/** Bundled icon paths of both sizes, loaded into Blueprint's cache so the first render has them. */
export function registerIcons(more16: Partial<Record<IconName, IconPaths>>, more20: Partial<Record<IconName, IconPaths>>): void {
  Object.assign(paths16, more16);
  Object.assign(paths20, more20);
  void Icons.load(Object.keys(more16) as IconName[], IconSize.STANDARD);
  void Icons.load(Object.keys(more20) as IconName[], IconSize.LARGE);
}

export function setupIcons(): void {
  Icons.setLoaderOptions({ loader: loadPaths });
  registerIcons(paths16, paths20);
}
