import type { AttachmentType } from '../../../gql/graphql';
import { addUnique } from '../../../shared/orderedList';
import type { BookableFormValues } from '../formValues';

/** The attachment rules, without React so they can be tested. */

export type AttachmentValues = BookableFormValues['attachments'][number];

/** The GraphQL enum values with their German names, in the order the select offers them. */
export const attachmentTypeOptions: { value: AttachmentType; label: string }[] = [
  { value: 'agreement', label: 'Vereinbarung' },
  { value: 'privacy_agreement', label: 'Datenschutzerklärung' },
  { value: 'user_manual', label: 'Bedienungsanleitung' },
  { value: 'security_information', label: 'Sicherheitshinweise' },
  { value: 'product_information', label: 'Produktinformation' },
];

export const attachmentMessages = {
  duplicate: 'Diese Datei ist bereits als Anhang vorhanden.',
  blankPending: 'Bitte wählen Sie zuerst eine Datei für den bereits hinzugefügten Anhang aus.',
} as const;

/** The upload folder attachments are forced into. */
export const attachmentDirectory = 'agreements';

export function newAttachment(url: string, id: string = crypto.randomUUID()): AttachmentValues {
  return { id, title: '', caption: '', type: 'agreement', url, show: false, required: false };
}

/** A required attachment is always shown in the booking process. */
export function withRequired(attachment: AttachmentValues, required: boolean): AttachmentValues {
  return { ...attachment, required, show: required || attachment.show };
}

/** The file is the key: a file may be added to the list only once (also only one entry without a file yet). */
export const attachmentKey = (attachment: AttachmentValues) => attachment.url;

/** Appends the attachment, or says why not (the list unchanged). */
export function addAttachment(list: readonly AttachmentValues[], attachment: AttachmentValues): { list: AttachmentValues[]; error: string | null } {
  const next = addUnique(list, attachment, attachmentKey);
  if (next.length > list.length) return { list: next, error: null };
  return { list: next, error: attachment.url ? attachmentMessages.duplicate : attachmentMessages.blankPending };
}

/** Whether another entry (not the one with `id`) already has this file; an empty choice is never taken. */
export function isFileTaken(list: readonly AttachmentValues[], url: string, id: string): boolean {
  return url !== '' && list.some((attachment) => attachment.id !== id && attachment.url === url);
}
