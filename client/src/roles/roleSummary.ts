/**
 * Labels and list summaries of the roles screen (docs/administration.md, “Roles”).
 * Plain functions so the rules are unit-tested.
 */
export const flagNames = ['create', 'readOwn', 'readAny', 'updateOwn', 'updateAny', 'deleteOwn', 'deleteAny'] as const;
export type FlagName = (typeof flagNames)[number];
export type Flags = Record<FlagName, boolean>;

export const flagLabels: Record<FlagName, string> = {
  create: 'Erstellen',
  readOwn: 'Eigene lesen',
  readAny: 'Alle lesen',
  updateOwn: 'Eigene bearbeiten',
  updateAny: 'Alle bearbeiten',
  deleteOwn: 'Eigene löschen',
  deleteAny: 'Alle löschen',
};

export type AreaName = 'manageRoles' | 'manageUsers' | 'manageTenants' | 'manageBookings' | 'manageBookables' | 'manageCoupons';

/** The permission groups of the editor, in display order; the list shows all but manageTenants. */
export const permissionGroups: { area: AreaName; label: string }[] = [
  { area: 'manageUsers', label: 'Benutzer' },
  { area: 'manageBookables', label: 'Ressourcen' },
  { area: 'manageBookings', label: 'Buchungen' },
  { area: 'manageRoles', label: 'Rollen' },
  { area: 'manageCoupons', label: 'Gutscheine' },
  { area: 'manageTenants', label: 'Mandant' },
];

/** The nine areas the role editor offers, with their German names (the drawer's labels). */
export const editorAreas: { name: string; label: string }[] = [
  { name: 'roles', label: 'Rollen' },
  { name: 'users', label: 'Benutzer' },
  { name: 'bookings', label: 'Buchungen' },
  { name: 'coupons', label: 'Gutscheine' },
  { name: 'locations', label: 'Veranstaltungsorte' },
  { name: 'rooms', label: 'Räume' },
  { name: 'resources', label: 'Ressourcen' },
  { name: 'tickets', label: 'Tickets' },
  { name: 'events', label: 'Veranstaltungen' },
];

const otherAreaLabels: Record<string, string> = { tenants: 'Mandant', bookables: 'Buchungsobjekte', instance: 'Instanz', dashboard: 'Mandanten', settings: 'Einstellungen' };

export function areaLabel(name: string): string {
  return editorAreas.find((area) => area.name === name)?.label ?? otherAreaLabels[name] ?? name;
}

export const ALL = 'alle';
export const NONE = 'keine';

export const noFlags = (): Flags => ({ create: false, readOwn: false, readAny: false, updateOwn: false, updateAny: false, deleteOwn: false, deleteAny: false });
export const allFlags = (): Flags => ({ create: true, readOwn: true, readAny: true, updateOwn: true, updateAny: true, deleteOwn: true, deleteAny: true });

/** "alle" when all seven flags are set, "keine" when none, else the granted flags' labels. */
export function flagSummary(flags: Partial<Flags> | null | undefined): string {
  const granted = flagNames.filter((flag) => flags?.[flag] === true);
  if (granted.length === flagNames.length) return ALL;
  if (granted.length === 0) return NONE;
  return granted.map((flag) => flagLabels[flag]).join(', ');
}

/**
 * "alle" when every area the editor offers is granted, "keine" when none, else the areas' names.
 * The original product's list compared against a count of 10 (the owners' interfaces) while the editor
 * offers 9, so a role could never show "alle"; we compare against the editor's nine instead.
 */
export function areaSummary(adminInterfaces: readonly string[]): string {
  if (adminInterfaces.length === 0) return NONE;
  if (editorAreas.every((area) => adminInterfaces.includes(area.name))) return ALL;
  const order = (name: string) => {
    const index = editorAreas.findIndex((area) => area.name === name);
    return index < 0 ? editorAreas.length : index;
  };
  return [...adminInterfaces].sort((a, b) => order(a) - order(b)).map(areaLabel).join(', ');
}
