import { addUnique, removeAt } from '../../shared/orderedList';

/**
 * The list rules of the wizard's steps without React: file links (attachments, images) listed once,
 * list entries (speakers, price categories, agenda days and items) replaced, added and removed.
 */
export const listMessages = {
  duplicateFile: 'Diese Datei ist bereits in der Liste vorhanden.',
  noFile: 'Bitte wählen Sie zuerst eine Datei aus.',
} as const;

/** The upload sub-folders of the event's files. */
export const eventDirectories = {
  teaserImage: 'events',
  contacts: 'events/contacts',
  images: 'events/images',
  attachments: 'events/attachments',
} as const;

/** Adds a file link unless it is empty or already listed. */
export function addLink(list: readonly string[], link: string): { list: string[]; error: string | null } {
  const trimmed = link.trim();
  if (!trimmed) return { list: [...list], error: listMessages.noFile };
  if (list.includes(trimmed)) return { list: [...list], error: listMessages.duplicateFile };
  return { list: addUnique(list, trimmed), error: null };
}

/**
 * The file name of a link: "plan.pdf" of …/files/get?name=/public/events/attachments/plan.pdf or
 * of https://example.com/a/plan.pdf; the link itself when it has none.
 */
export function fileNameOf(link: string): string {
  let path = link;
  const query = link.indexOf('?name=');
  if (query >= 0) {
    try {
      path = decodeURIComponent(link.slice(query + 6));
    } catch {
      path = link.slice(query + 6);
    }
  } else {
    path = link.split(/[?#]/)[0] ?? link;
  }
  const name = path.split('/').filter(Boolean).pop();
  return name || link;
}

/** The entry at `index` with `patch` applied. */
export function updateAt<T>(list: readonly T[], index: number, patch: Partial<T>): T[] {
  return list.map((item, position) => (position === index ? { ...item, ...patch } : item));
}

export { removeAt };
