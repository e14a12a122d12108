import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { lstat, mkdir, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../shared/errors.js';
import { MAX_FILE_BYTES, accessLevels, messages, mimeTypeOf, type AccessLevel } from './file.rules.js';

/** A stored file as the list answers it (WebDAV stat fields, as the original product answered). */
export interface StoredFile {
  /** From the access folder on: "/public/rooms/a.jpg". */
  filename: string;
  basename: string;
  lastmod: Date;
  size: number;
  type: 'file';
  etag: string;
  mime: string;
  accessLevel: AccessLevel;
}

/** An upload written completely to a temporary file in the tenant's folder, not yet in place. */
export interface PendingUpload {
  tenantId: string;
  tempPath: string;
  fileName: string;
  size: number;
}

const INCOMING = '.incoming';

function validation(message: string, field = 'file'): AppError {
  return new AppError('generic.validation', { detail: message, fieldErrors: { [field]: message } });
}

function inside(parent: string, child: string): boolean {
  return child === parent || child.startsWith(parent + path.sep);
}

/**
 * The files on the local disk: {root}/{tenantId}/{public|protected}/{sub-folders}/{file}, the
 * logical layout of the original's WebDAV store. Every path is built from validated segments and
 * then resolved with realpath and checked to lie inside the tenant's access folder, so neither
 * `..` nor a planted symbolic link leads outside. Uploads go to a temporary file in the tenant's
 * folder first and are renamed into place only when complete.
 */
export class FileStorage {
  constructor(readonly root: string) {}

  private tenantDir(tenantId: string): string {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(tenantId)) throw new AppError('generic.not-found');
    return path.join(this.root, tenantId);
  }

  /** The real path of a folder below the tenant (created on demand), checked to stay inside `base`. */
  private async realFolder(base: string, segments: readonly string[], create: boolean): Promise<string | undefined> {
    if (create) await mkdir(path.join(base, ...segments), { recursive: true, mode: 0o750 });
    let real: string;
    let realBase: string;
    try {
      realBase = await realpath(base);
      real = await realpath(path.join(base, ...segments));
    } catch {
      return undefined;
    }
    if (!inside(realBase, real) || !inside(await realpath(this.root), realBase)) return undefined;
    return real;
  }

  /**
   * Streams an upload to a temporary file with a byte counter; more than 10,000,000 bytes, an
   * aborted or failing stream removes the temporary file and throws.
   */
  async receive(tenantId: string, fileName: string, source: Readable): Promise<PendingUpload> {
    const tenantDir = this.tenantDir(tenantId);
    const incoming = await this.realFolder(tenantDir, [INCOMING], true);
    if (!incoming) throw validation(messages.invalidName);
    const tempPath = path.join(incoming, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
    let size = 0;
    let tooLarge = false;
    // Past the limit the rest is read and dropped (not failed), so a multipart parser never stalls.
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > MAX_FILE_BYTES) tooLarge = true;
        callback(null, tooLarge ? undefined : chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(tempPath, { flags: 'wx', mode: 0o640 }));
      // busboy marks a file cut at its limit as truncated instead of failing the stream.
      if (tooLarge || (source as Readable & { truncated?: boolean }).truncated) throw validation(messages.tooLarge);
    } catch (error) {
      await rm(tempPath, { force: true });
      if (error instanceof AppError) throw error;
      // graphql-upload fails the stream with 413 beyond its own limit.
      if ((error as { status?: number }).status === 413) throw validation(messages.tooLarge);
      throw new AppError('generic.validation', { detail: 'Die Datei wurde nicht vollständig übertragen.' });
    }
    return { tenantId, tempPath, fileName, size };
  }

  /** Discards a received upload that will not be stored. */
  async discard(upload: PendingUpload): Promise<void> {
    await rm(upload.tempPath, { force: true });
  }

  /** Moves a received upload into its folder (overwriting a file of the same name). */
  async commit(upload: PendingUpload, accessLevel: AccessLevel, directory: readonly string[]): Promise<StoredFile> {
    try {
      const base = path.join(this.tenantDir(upload.tenantId), accessLevel);
      await mkdir(base, { recursive: true, mode: 0o750 });
      const folder = await this.realFolder(base, directory, true);
      if (!folder) throw validation(messages.invalidDirectory, 'customDirectory');
      const target = path.join(folder, upload.fileName);
      const existing = await lstat(target).catch(() => undefined);
      if (existing && !existing.isFile()) throw validation(messages.invalidName);
      await rename(upload.tempPath, target);
      return this.describe(accessLevel, [...directory, upload.fileName], await stat(target));
    } catch (error) {
      await this.discard(upload);
      if (error instanceof AppError) throw error;
      // mkdir through a planted link or a file in the way of a folder.
      throw validation(messages.invalidDirectory, 'customDirectory');
    }
  }

  private describe(accessLevel: AccessLevel, segments: readonly string[], info: { size: number; mtime: Date; ino: number }): StoredFile {
    const basename = segments[segments.length - 1];
    return {
      filename: `/${accessLevel}/${segments.join('/')}`,
      basename,
      lastmod: info.mtime,
      size: info.size,
      type: 'file',
      etag: `"${info.ino.toString(16)}-${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`,
      mime: mimeTypeOf(basename),
      accessLevel,
    };
  }

  /** Every regular file below the access folders, recursively; links and hidden entries are skipped. */
  async list(tenantId: string, levels: readonly AccessLevel[]): Promise<StoredFile[]> {
    const tenantDir = this.tenantDir(tenantId);
    const files: StoredFile[] = [];
    const walk = async (folder: string, level: AccessLevel, segments: string[]): Promise<void> => {
      if (segments.length > 6) return;
      const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) await walk(full, level, [...segments, entry.name]);
        else if (entry.isFile()) {
          const info = await lstat(full).catch(() => undefined);
          if (info?.isFile()) files.push(this.describe(level, [...segments, entry.name], info));
        }
      }
    };
    for (const level of levels) {
      if (!accessLevels.includes(level)) continue;
      const base = await this.realFolder(path.join(tenantDir, level), [], false);
      if (base) await walk(base, level, []);
    }
    return files.sort((a, b) => a.filename.localeCompare(b.filename, 'de'));
  }

  /** The real path of a stored file, or undefined when it does not exist or lies outside its folder. */
  private async resolve(tenantId: string, accessLevel: AccessLevel, segments: readonly string[]): Promise<string | undefined> {
    const base = path.join(this.tenantDir(tenantId), accessLevel);
    const folder = await this.realFolder(base, segments.slice(0, -1), false);
    if (!folder) return undefined;
    const target = path.join(folder, segments[segments.length - 1]);
    const info = await lstat(target).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return target;
  }

  async open(tenantId: string, accessLevel: AccessLevel, segments: readonly string[]): Promise<{ file: StoredFile; stream: ReadStream } | undefined> {
    const target = await this.resolve(tenantId, accessLevel, segments);
    if (!target) return undefined;
    const info = await stat(target);
    return { file: this.describe(accessLevel, segments, info), stream: createReadStream(target) };
  }

  async remove(tenantId: string, accessLevel: AccessLevel, segments: readonly string[]): Promise<boolean> {
    const target = await this.resolve(tenantId, accessLevel, segments);
    if (!target) return false;
    await rm(target);
    return true;
  }
}
