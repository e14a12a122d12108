import type { IconName } from '@blueprintjs/icons';
import { type AdminInterface, canUseInterface, type Permissions } from '../permissions';

/**
 * The navigation drawer, as one table. An entry shows once its screen
 * exists (`implemented`) and the user may use its interface; tenant-context entries also need a
 * selected tenant. A new screen adds its route and flips `implemented`.
 */
export type NavGroupKey = 'home' | 'platform' | 'tenant' | 'system' | 'account';

export const navGroups: { key: NavGroupKey; header: string | null }[] = [
  { key: 'home', header: null },
  { key: 'platform', header: 'Buchungsplattform' },
  { key: 'tenant', header: 'Mandant' },
  { key: 'system', header: 'System' },
  { key: 'account', header: null },
];

export interface NavEntry {
  label: string;
  group: NavGroupKey;
  path: string;
  interface: AdminInterface;
  needsTenant: boolean;
  implemented: boolean;
  icon: IconName;
}

export const navEntries: NavEntry[] = [
  { label: 'Mandanten', group: 'home', path: '/admin/dashboard', interface: 'dashboard', needsTenant: false, implemented: true, icon: 'home' },
  { label: 'Buchungen', group: 'platform', path: '/admin/buchungen', interface: 'bookings', needsTenant: true, implemented: true, icon: 'calendar' },
  { label: 'Vergaberunden', group: 'platform', path: '/admin/vergaberunden', interface: 'bookings', needsTenant: true, implemented: true, icon: 'timeline-bar-chart' },
  { label: 'Einlass', group: 'platform', path: '/admin/einlass', interface: 'bookings', needsTenant: true, implemented: true, icon: 'confirm' },
  { label: 'Gutscheine', group: 'platform', path: '/admin/gutscheine', interface: 'coupons', needsTenant: true, implemented: true, icon: 'tag' },
  { label: 'Veranstaltungsorte', group: 'platform', path: '/admin/veranstaltungsorte', interface: 'locations', needsTenant: true, implemented: true, icon: 'map-marker' },
  { label: 'Räume', group: 'platform', path: '/admin/raeume', interface: 'rooms', needsTenant: true, implemented: true, icon: 'grid-view' },
  { label: 'Ressourcen', group: 'platform', path: '/admin/ressourcen', interface: 'resources', needsTenant: true, implemented: true, icon: 'cube' },
  { label: 'Tickets', group: 'platform', path: '/admin/tickets', interface: 'tickets', needsTenant: true, implemented: true, icon: 'label' },
  { label: 'Veranstaltungen', group: 'platform', path: '/admin/veranstaltungen', interface: 'events', needsTenant: true, implemented: true, icon: 'timeline-events' },
  { label: 'Mandant verwalten', group: 'tenant', path: '/admin/mandanten', interface: 'tenants', needsTenant: true, implemented: true, icon: 'office' },
  { label: 'Mandant Benutzer', group: 'tenant', path: '/admin/benutzer', interface: 'users', needsTenant: true, implemented: true, icon: 'people' },
  { label: 'Mandant Rollen', group: 'tenant', path: '/admin/rollen', interface: 'roles', needsTenant: true, implemented: true, icon: 'shield' },
  // Art. 15 and 17 GDPR: the tenant's owners, like the tenant's settings.
  { label: 'Datenschutz', group: 'tenant', path: '/admin/datenschutz', interface: 'tenants', needsTenant: true, implemented: true, icon: 'lock' },
  // Owners only: roles never list the tenants interface.
  { label: 'API-Zugänge', group: 'tenant', path: '/admin/mandanten/api-zugaenge', interface: 'tenants', needsTenant: true, implemented: true, icon: 'key' },
  // Staff who work with the bookings subscribe to them in their calendars.
  { label: 'Kalender-Abos', group: 'tenant', path: '/admin/mandanten/kalender', interface: 'bookings', needsTenant: true, implemented: true, icon: 'calendar' },
  { label: 'Webhooks', group: 'tenant', path: '/admin/mandanten/webhooks', interface: 'tenants', needsTenant: true, implemented: true, icon: 'send-to-graph' },
  { label: 'Instanz verwalten', group: 'system', path: '/admin/instanz', interface: 'instance', needsTenant: false, implemented: true, icon: 'globe' },
  { label: 'Mandanten', group: 'system', path: '/admin/instanz/mandanten', interface: 'instance', needsTenant: false, implemented: true, icon: 'office' },
  { label: 'Benutzer', group: 'system', path: '/admin/instanz/benutzer', interface: 'instance', needsTenant: false, implemented: true, icon: 'people' },
  { label: 'Meine Buchungen', group: 'account', path: '/admin/meine-buchungen', interface: 'settings', needsTenant: false, implemented: true, icon: 'calendar' },
  { label: 'Einstellungen', group: 'account', path: '/admin/einstellungen', interface: 'settings', needsTenant: false, implemented: true, icon: 'cog' },
];

export function isEntryVisible(entry: NavEntry, permissions: Permissions, currentTenantId: string | null): boolean {
  if (!entry.implemented) return false;
  if (entry.needsTenant && !currentTenantId) return false;
  return canUseInterface(permissions, entry.interface, currentTenantId);
}

/** The visible groups in drawer order, empty ones left out. */
export function visibleNavigation(permissions: Permissions, currentTenantId: string | null): { key: NavGroupKey; header: string | null; entries: NavEntry[] }[] {
  return navGroups
    .map((group) => ({ ...group, entries: navEntries.filter((entry) => entry.group === group.key && isEntryVisible(entry, permissions, currentTenantId)) }))
    .filter((group) => group.entries.length > 0);
}

export function isImplemented(path: string): boolean {
  return navEntries.some((entry) => entry.path === path && entry.implemented);
}
