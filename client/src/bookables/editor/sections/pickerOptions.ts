import type { BookablePickerOptionsQuery, BookablePickerUsersQuery } from '../../../gql/graphql';

/** Options of the visibility and free-booking pickers, without React so they can be tested. */

type PickerUser = BookablePickerUsersQuery['bookablePickerOptions']['users'][number];
type PickerRole = BookablePickerOptionsQuery['bookablePickerOptions']['roles'][number];

export interface PickerOption {
  id: string;
  label: string;
}

/** "Vorname Nachname (e-mail)"; the id of a person is the e-mail address. */
export function userLabel(user: PickerUser): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name ? `${name} (${user.id})` : user.id;
}

export const userOptions = (users: readonly PickerUser[]): PickerOption[] => users.map((user) => ({ id: user.id, label: userLabel(user) }));
export const roleOptions = (roles: readonly PickerRole[]): PickerOption[] => roles.map((role) => ({ id: role.id, label: role.name }));

/**
 * The labels a server-searched picker knows: those remembered (chosen from an earlier answer)
 * under those of the current answer. A chosen person keeps the name after the search moved on.
 */
export function knownLabels(remembered: Readonly<Record<string, string>>, options: readonly PickerOption[]): PickerOption[] {
  const current = new Set(options.map((option) => option.id));
  return [...options, ...Object.entries(remembered).flatMap(([id, label]) => (current.has(id) ? [] : [{ id, label }]))];
}

/** The label of an id; ids stored earlier but no longer known (left the tenant, deleted) show bare. */
export function optionLabel(options: readonly PickerOption[], id: string): string {
  return options.find((option) => option.id === id)?.label ?? id;
}

/** The server's message for a list field: its messages are per entry ("permittedUsers.2"), so the first one. */
export function firstMessage(submitError: unknown): string | undefined {
  if (typeof submitError === 'string') return submitError;
  if (Array.isArray(submitError)) return submitError.find((item): item is string => typeof item === 'string');
  return undefined;
}
