/**
 * The rules of uploaded files:
 * size limit, extension allow-lists, access levels and the names a file or folder may have.
 * Pure functions; the storage (file.storage.ts) applies them before touching the disk.
 */

/** 10 MB counted in decimal bytes: 10,000,000 bytes are allowed, one more is not. */
export const MAX_FILE_BYTES = 10_000_000;

export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'zip', 'rar', '7z', 'md'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg'] as const;
/** The server accepts both lists; the images-only mode (cover images) narrows it to the images. */
export const ALLOWED_EXTENSIONS: readonly string[] = [...DOCUMENT_EXTENSIONS, ...IMAGE_EXTENSIONS];

export const accessLevels = ['public', 'protected'] as const;
export type AccessLevel = (typeof accessLevels)[number];

export const messages = {
  fileRequired: 'Bitte wählen Sie eine Datei aus',
  tooLarge: 'Die maximale Dateigröße beträgt 10 MB',
  extension: (ext: string) => `Die Dateiendung "${ext}" ist nicht erlaubt`,
  invalidName: 'Ungültiger Dateiname.',
  invalidDirectory: 'Ungültiger Ordnername.',
} as const;

/** REST's accessLevel field: "public" is public, anything else protected. */
export function accessLevelOf(raw: unknown): AccessLevel {
  return raw === 'public' ? 'public' : 'protected';
}

/** The extension in lower case without the dot, '' when there is none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The German message when the extension is not allowed, or undefined. */
export function extensionError(fileName: string, imagesOnly = false): string | undefined {
  const ext = extensionOf(fileName);
  const allowed: readonly string[] = imagesOnly ? IMAGE_EXTENSIONS : ALLOWED_EXTENSIONS;
  return allowed.includes(ext) ? undefined : messages.extension(ext);
}

/** Characters a stored name keeps: letters (also umlauts), digits, space, dot, dash, underscore. */
const UNSAFE_CHARACTERS = /[^\p{L}\p{N} ._-]+/gu;
/** Separators, parent references and their percent-encoded forms, control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
const FORBIDDEN = /[/\\\u0000-\u001f\u007f]|%(2f|5c|2e|00)|\.\./i;

/**
 * A client's file name made safe for the disk, or undefined when it tries to name a path: a
 * separator (also encoded), `..`, a control character. The rest is sanitised: unsafe characters
 * become "_", leading dots and spaces go (no hidden files), at most 150 characters.
 */
export function sanitizeFileName(raw: string): string | undefined {
  const name = raw.normalize('NFC').trim();
  if (!name || FORBIDDEN.test(name)) return undefined;
  const cleaned = name.replace(UNSAFE_CHARACTERS, '_').replace(/^[. ]+/, '').replace(/\s+/g, ' ');
  if (!cleaned || cleaned === '.' || cleaned === '_') return undefined;
  if (cleaned.length <= 150) return cleaned;
  const ext = extensionOf(cleaned);
  const stem = cleaned.slice(0, 150 - ext.length - 1);
  return ext ? `${stem}.${ext}` : stem;
}

/**
 * The sub-folder (customDirectory) as safe segments, or undefined when it tries to leave its
 * folder. Slashes separate segments (the client's "events/images"); empty means the access
 * folder itself; an absolute path is refused. At most five levels.
 */
export function parseDirectory(raw: string | null | undefined): string[] | undefined {
  if (raw === undefined || raw === null) return [];
  if (/^[/\\]/.test(raw.trim())) return undefined;
  const trimmed = raw.trim().replace(/\/+$/g, '');
  if (!trimmed) return [];
  const segments = trimmed.split('/');
  if (segments.length > 5) return undefined;
  const safe: string[] = [];
  for (const segment of segments) {
    const name = sanitizeFileName(segment);
    if (!name || name !== segment.trim()) return undefined;
    safe.push(name);
  }
  return safe;
}

/**
 * A stored file's name as the list and the links carry it: "/{accessLevel}/{dir...}/{file}".
 * Undefined for anything else, including names that try to leave the access folder.
 */
export function parseStoredName(raw: string | null | undefined): { accessLevel: AccessLevel; segments: string[] } | undefined {
  if (typeof raw !== 'string') return undefined;
  const match = /^\/(public|protected)\/(.+)$/.exec(raw);
  if (!match) return undefined;
  const segments = match[2].split('/');
  if (segments.length > 6) return undefined;
  for (const segment of segments) {
    const safe = sanitizeFileName(segment);
    if (!safe || safe !== segment) return undefined;
  }
  return { accessLevel: match[1] as AccessLevel, segments };
}

const MIME_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
};

/** The content type a file is served with, by its extension; unknown ones as bytes. */
export function mimeTypeOf(fileName: string): string {
  return MIME_TYPES[extensionOf(fileName)] ?? 'application/octet-stream';
}
