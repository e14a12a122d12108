/**
 * The file picker's rules. The server enforces the same
 * limit and lists (server/src/files/file.rules.ts); here they enable the Upload button early.
 */
export const MAX_FILE_BYTES = 10_000_000;
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'zip', 'rar', '7z', 'md'];
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg'];

export type AccessLevel = 'public' | 'protected';

export const fileMessages = {
  required: 'Bitte wählen Sie eine Datei aus',
  tooLarge: 'Die maximale Dateigröße beträgt 10 MB',
  extension: (ext: string) => `Die Dateiendung "${ext}" ist nicht erlaubt`,
  uploadFailedTitle: 'Fehler beim Hochladen der Datei',
  uploadFailedText:
    'Leider konnte die Datei nicht hochgeladen werden. Bitte versuchen Sie es später erneut oder wenden Sie sich an Ihren Administrator.',
  noFiles: 'Keine Dateien vorhanden',
  noImages: 'Keine Bilder vorhanden',
} as const;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The first message that keeps the Upload button disabled, or undefined when the file may go. */
export function uploadError(file: { name: string; size: number } | null | undefined, imagesOnly = false): string | undefined {
  if (!file) return fileMessages.required;
  const ext = extensionOf(file.name);
  if (!(imagesOnly ? IMAGE_EXTENSIONS : DOCUMENT_EXTENSIONS).includes(ext)) return fileMessages.extension(ext);
  if (file.size > MAX_FILE_BYTES) return fileMessages.tooLarge;
  return undefined;
}

/** The download link of a tenant's file: {backend}/api/{tenantId}/files/get?name=/{level}/{dir}/{file}. */
export function fileLinkPrefix(origin: string, tenantId: string): string {
  return `${origin}/api/${encodeURIComponent(tenantId)}/files/get?name=`;
}

/**
 * URL mode is chosen automatically for an external link: any value that is not empty and not a
 * link to one of this tenant's files.
 */
export function isExternalLink(value: string | null | undefined, origin: string, tenantId: string): boolean {
  if (!value) return false;
  return !value.startsWith(fileLinkPrefix(origin, tenantId));
}

/** The access levels a context offers: cover images and bookable attachments only public. */
export function accessLevelsFor(allowProtected: boolean): AccessLevel[] {
  return allowProtected ? ['public', 'protected'] : ['public'];
}

/**
 * The tenant's files a picker lists: public ones unless the context allows protected files, and
 * where only images fit (cover images, event pictures) only the image extensions.
 */
export function pickableFiles<T extends { filename: string; accessLevel: string }>(files: readonly T[], context: { imagesOnly: boolean; allowProtected: boolean }): T[] {
  return files.filter(
    (file) => (context.allowProtected || file.accessLevel === 'public') && (!context.imagesOnly || IMAGE_EXTENSIONS.includes(extensionOf(file.filename))),
  );
}
