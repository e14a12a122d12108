import { type IconName, type IconPaths, Icons, IconSize } from '@blueprintjs/icons';
import cross16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross.js';
import smallCross16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross.js';
import tick16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick.js';
import tickCircle16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle.js';
import error16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/error.js';
import warningSign16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign.js';
import infoSign16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign.js';
import lock16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock.js';
import moon16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/moon.js';
import flash16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash.js';
import user16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/user.js';
import cog16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog.js';
import logOut16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out.js';
import menu16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu.js';
import chevronDown16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down.js';
import chevronUp16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-up.js';
import chevronRight16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right.js';
import caretDown16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down.js';
import caretRight16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-right.js';
import doubleCaretVertical16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/double-caret-vertical.js';
import home16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/home.js';
import office16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/office.js';
import eyeOpen16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open.js';
import eyeOff16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off.js';
import key16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/key.js';
import idNumber16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/id-number.js';
import people16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/people.js';
import shield16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/shield.js';
import calendar16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar.js';
import envelope16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope.js';
import offline16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/offline.js';
import add16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/add.js';
import cube16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cube.js';
import globe16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/globe.js';
import gridView16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/grid-view.js';
import label16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/label.js';
import mapMarker16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/map-marker.js';
import tag16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/tag.js';
import timelineEvents16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-events.js';
import cross20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cross.js';
import smallCross20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/small-cross.js';
import tick20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick.js';
import tickCircle20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle.js';
import error20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/error.js';
import warningSign20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign.js';
import infoSign20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign.js';
import lock20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/lock.js';
import moon20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/moon.js';
import flash20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/flash.js';
import user20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/user.js';
import cog20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cog.js';
import logOut20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/log-out.js';
import menu20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/menu.js';
import chevronDown20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-down.js';
import chevronUp20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-up.js';
import chevronRight20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-right.js';
import caretDown20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/caret-down.js';
import caretRight20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/caret-right.js';
import doubleCaretVertical20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/double-caret-vertical.js';
import home20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/home.js';
import office20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/office.js';
import eyeOpen20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-open.js';
import eyeOff20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-off.js';
import key20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/key.js';
import idNumber20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/id-number.js';
import people20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/people.js';
import shield20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/shield.js';
import calendar20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/calendar.js';
import envelope20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/envelope.js';
import offline20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/offline.js';

import add20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/add.js';
import search20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/search.js';

/**
 * Blueprint loads icon paths lazily; its default loader pulls a chunk with all ~600 icons of a
 * size on the first icon shown. The icons this client uses are bundled here instead (a few KB);
 * any other icon still falls back to that per-size chunk. The drawer's, the dashboard's and the
 * not-found page's are among them, so the first screens after sign-in load no icon chunk.
 */
const paths16: Partial<Record<IconName, IconPaths>> = {
  'cross': cross16,
  'small-cross': smallCross16,
  'tick': tick16,
  'tick-circle': tickCircle16,
  'error': error16,
  'warning-sign': warningSign16,
  'info-sign': infoSign16,
  'lock': lock16,
  'moon': moon16,
  'flash': flash16,
  'user': user16,
  'cog': cog16,
  'log-out': logOut16,
  'menu': menu16,
  'chevron-down': chevronDown16,
  'chevron-up': chevronUp16,
  'chevron-right': chevronRight16,
  'caret-down': caretDown16,
  'caret-right': caretRight16,
  'double-caret-vertical': doubleCaretVertical16,
  'home': home16,
  'office': office16,
  'eye-open': eyeOpen16,
  'eye-off': eyeOff16,
  'key': key16,
  'id-number': idNumber16,
  'people': people16,
  'shield': shield16,
  'calendar': calendar16,
  'envelope': envelope16,
  'offline': offline16,
  'add': add16,
  'cube': cube16,
  'globe': globe16,
  'grid-view': gridView16,
  'label': label16,
  'map-marker': mapMarker16,
  'tag': tag16,
  'timeline-events': timelineEvents16,
};
const paths20: Partial<Record<IconName, IconPaths>> = {
  'cross': cross20,
  'small-cross': smallCross20,
  'tick': tick20,
  'tick-circle': tickCircle20,
  'error': error20,
  'warning-sign': warningSign20,
  'info-sign': infoSign20,
  'lock': lock20,
  'moon': moon20,
  'flash': flash20,
  'user': user20,
  'cog': cog20,
  'log-out': logOut20,
  'menu': menu20,
  'chevron-down': chevronDown20,
  'chevron-up': chevronUp20,
  'chevron-right': chevronRight20,
  'caret-down': caretDown20,
  'caret-right': caretRight20,
  'double-caret-vertical': doubleCaretVertical20,
  'home': home20,
  'office': office20,
  'eye-open': eyeOpen20,
  'eye-off': eyeOff20,
  'key': key20,
  'id-number': idNumber20,
  'people': people20,
  'shield': shield20,
  'calendar': calendar20,
  'envelope': envelope20,
  'offline': offline20,
  'add': add20,
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
  return Array.isArray(paths) ? (paths as IconPaths) : [];
}

export function setupIcons(): void {
  Icons.setLoaderOptions({ loader: loadPaths });
  // Warm up the bundled ones so the first render already has them.
  void Icons.load(Object.keys(paths16) as IconName[], IconSize.STANDARD);
  void Icons.load(Object.keys(paths20) as IconName[], IconSize.LARGE);
}
