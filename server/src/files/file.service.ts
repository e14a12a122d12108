import type { MikroORM } from '@mikro-orm/postgresql';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../config.js';
import { AppError } from '../shared/errors.js';
import { canDeleteFiles, canReadProtectedFiles, canUploadFiles } from '../../../common/permissions/permissions.js';
import { Tenant } from '../tenants/tenant.entity.js';
import type { Viewer } from '../users/viewer.service.js';
import { extensionError, messages, parseDirectory, parseStoredName, sanitizeFileName, type AccessLevel } from './file.rules.js';
import { FileStorage, type PendingUpload, type StoredFile } from './file.storage.js';

/** A stored file with its download link and access level. */
export interface FileView extends StoredFile {
  link: string;
}

export interface UploadInput {
  fileName: string;
  stream: Readable;
  accessLevel: AccessLevel;
  customDirectory?: string | null;
  /** The picker's images-only mode (cover images): jpg, jpeg, png, svg only. */
  imagesOnly?: boolean;
}

function validation(message: string, field: string): AppError {
  return new AppError('generic.validation', { detail: message, fieldErrors: { [field]: message } });
}

/**
 * Uploaded files of a tenant. Public files are
 * readable by anyone; protected files by the tenant's members (canReadProtectedFiles); uploading and
 * deleting by the manageBookables rights (canUploadFiles, canDeleteFiles).
 */
export class FileService {
  readonly storage: FileStorage;

  constructor(
    private readonly orm: MikroORM,
    private readonly config: AppConfig,
  ) {
    this.storage = new FileStorage(config.filesDir);
  }

  private async requireTenant(tenantId: string): Promise<void> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(tenantId)) throw new AppError('generic.not-found');
    const tenant = await this.orm.em.fork().findOne(Tenant, { id: tenantId }, { fields: ['id'] });
    if (!tenant) throw new AppError('generic.not-found');
  }

  /** `{PUBLIC_URL}/api/{tenantId}/files/get?name={filename}` with each path segment encoded. */
  link(tenantId: string, filename: string): string {
    const name = filename.split('/').map(encodeURIComponent).join('/');
    return `${this.config.publicUrl}/api/${encodeURIComponent(tenantId)}/files/get?name=${name}`;
  }

  private view(tenantId: string, file: StoredFile): FileView {
    return { ...file, link: this.link(tenantId, file.filename) };
  }

  /** Public files for everyone; protected ones in addition when requested and the viewer may read them. */
  async list(viewer: Viewer | null, tenantId: string, includeProtected: boolean): Promise<FileView[]> {
    await this.requireTenant(tenantId);
    const levels: AccessLevel[] = ['public'];
    if (includeProtected && viewer && canReadProtectedFiles(viewer.permissions, tenantId)) levels.push('protected');
    return (await this.storage.list(tenantId, levels)).map((file) => this.view(tenantId, file));
  }

  /** Checks a file name "/{accessLevel}/{dir}/{file}" and whether the viewer may read it. */
  private async readable(viewer: Viewer | null, tenantId: string, name: unknown): Promise<{ accessLevel: AccessLevel; segments: string[] }> {
    if (typeof name !== 'string' || !name) throw validation(messages.fileRequired, 'name');
    await this.requireTenant(tenantId);
    const parsed = parseStoredName(name);
    if (!parsed) throw new AppError('generic.not-found');
    if (parsed.accessLevel === 'protected') {
      if (!viewer) throw new AppError('auth.unauthenticated');
      if (!canReadProtectedFiles(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    }
    return parsed;
  }

  async open(viewer: Viewer | null, tenantId: string, name: unknown): Promise<{ file: StoredFile; stream: Readable }> {
    const { accessLevel, segments } = await this.readable(viewer, tenantId, name);
    const opened = await this.storage.open(tenantId, accessLevel, segments);
    if (!opened) throw new AppError('generic.not-found');
    return opened;
  }

  async remove(viewer: Viewer, tenantId: string, name: unknown): Promise<void> {
    await this.requireTenant(tenantId);
    if (!canDeleteFiles(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    const parsed = typeof name === 'string' ? parseStoredName(name) : undefined;
    if (!parsed || !(await this.storage.remove(tenantId, parsed.accessLevel, parsed.segments))) throw new AppError('generic.not-found');
  }

  /** Before any byte is read: the tenant exists and the viewer may upload there. */
  async authorizeUpload(viewer: Viewer, tenantId: string): Promise<void> {
    await this.requireTenant(tenantId);
    if (!canUploadFiles(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
  }

  /** The safe stored name of a client's file name, or the German validation message. */
  fileName(raw: string | undefined, imagesOnly = false): string {
    if (!raw || !raw.trim()) throw validation(messages.fileRequired, 'file');
    const name = sanitizeFileName(raw);
    if (!name) throw validation(messages.invalidName, 'file');
    const error = extensionError(name, imagesOnly);
    if (error) throw validation(error, 'file');
    return name;
  }

  directory(raw: string | null | undefined): string[] {
    const directory = parseDirectory(raw);
    if (!directory) throw validation(messages.invalidDirectory, 'customDirectory');
    return directory;
  }

  /** Writes an authorised upload to a temporary file (see FileStorage.receive). */
  receive(tenantId: string, fileName: string, stream: Readable): Promise<PendingUpload> {
    return this.storage.receive(tenantId, fileName, stream);
  }

  async commit(tenantId: string, pending: PendingUpload, accessLevel: AccessLevel, customDirectory: string | null | undefined): Promise<FileView> {
    let directory: string[];
    try {
      directory = this.directory(customDirectory);
    } catch (error) {
      await this.storage.discard(pending);
      throw error;
    }
    return this.view(tenantId, await this.storage.commit(pending, accessLevel, directory));
  }

  /** The whole upload in one call (GraphQL, where every argument is known before the bytes). */
  async upload(viewer: Viewer, tenantId: string, input: UploadInput): Promise<FileView> {
    try {
      await this.authorizeUpload(viewer, tenantId);
      const fileName = this.fileName(input.fileName, input.imagesOnly);
      this.directory(input.customDirectory);
      const pending = await this.receive(tenantId, fileName, input.stream);
      return await this.commit(tenantId, pending, input.accessLevel, input.customDirectory);
    } finally {
      // A refused upload's remaining bytes are read and dropped, so the request can finish.
      if (!input.stream.destroyed) input.stream.resume();
    }
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    files: FileService;
  }
}
