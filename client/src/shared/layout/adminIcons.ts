import type { IconName, IconPaths } from '@blueprintjs/icons';
import cross16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross.js';
import smallCross16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross.js';
import tick16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick.js';
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
import idNumber16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/id-number.js';
import people16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/people.js';
import shield16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/shield.js';
import calendar16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar.js';
import timelineBarChart16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-bar-chart.js';
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
import idNumber20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/id-number.js';
import people20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/people.js';
import shield20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/shield.js';
import calendar20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/calendar.js';
import timelineBarChart20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/timeline-bar-chart.js';
import offline20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/offline.js';
import add20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/add.js';
import { registerIcons } from '../icons';

/**
 * The icons of the admin frame and screens (drawer, top bar, lists, dialogs), bundled with the admin
 * frame so the public pages do not download them (see shared/icons.ts).
 */
const paths16: Partial<Record<IconName, IconPaths>> = {
  'cross': cross16,
  'small-cross': smallCross16,
  'tick': tick16,
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
  'id-number': idNumber16,
  'people': people16,
  'shield': shield16,
  'calendar': calendar16,
  'timeline-bar-chart': timelineBarChart16,
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
  'id-number': idNumber20,
  'people': people20,
  'shield': shield20,
  'calendar': calendar20,
  'timeline-bar-chart': timelineBarChart20,
  'offline': offline20,
  'add': add20,
};

export function registerAdminIcons(): void {
  registerIcons(paths16, paths20);
}
