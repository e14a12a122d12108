import type { BookablePickerOptionsQuery } from '../../../gql/graphql';

/** Options of the visibility and free-booking pickers, without React so they can be tested. */

type Picker = BookablePickerOptionsQuery['bookablePickerOptions'];

export interface PickerOption {
  id: string;
  label: string;
}

/** "Vorname Nachname (e-mail)"; the id of a person is the e-mail address. */
export function userLabel(user: Picker['users'][number]): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name ? `${name} (${user.id})` : user.id;
}

export const userOptions = (users: Picker['users']): PickerOption[] => users.map((user) => ({ id: user.id, label: userLabel(user) }));
export const roleOptions = (roles: Picker['roles']): PickerOption[] => roles.map((role) => ({ id: role.id, label: role.name }));

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
