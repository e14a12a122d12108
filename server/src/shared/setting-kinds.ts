/** What a setting holds: how an input writes it, and whether a log may show its value. A list is written whole. */
export type SettingKind = 'text' | 'boolean' | 'number' | 'secret' | 'list';

/** The fields of a settings table that are of one kind. */
export type FieldsOfKind<Table extends Record<string, SettingKind>, Kind extends SettingKind> = { [Field in keyof Table]: Table[Field] extends Kind ? Field : never }[keyof Table] & string;

/** The fields of one kind, in the table's order. */
export function fieldsOfKind<Table extends Record<string, SettingKind>, Kind extends SettingKind>(table: Table, kind: Kind): readonly FieldsOfKind<Table, Kind>[] {
  return Object.keys(table).filter((field) => table[field] === kind) as FieldsOfKind<Table, Kind>[];
}
