import type { AccessLevel } from './fileRules';

export interface UploadRequest {
  tenantId: string;
  file: File;
  accessLevel: AccessLevel;
  /** Forced by the context: rooms for cover images, agreements for bookable attachments. */
  customDirectory: string;
  imagesOnly?: boolean;
  /** 0 to 1 while the bytes go out. */
  onProgress?: (fraction: number) => void;
}

export class UploadError extends Error {}

/**
 * POST api/{tenantId}/files as multipart with XMLHttpRequest (fetch reports no upload progress).
 * The browser's Origin header satisfies the server's CSRF check. Resolves with the new file's link.
 */
export function uploadFile(request: UploadRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('accessLevel', request.accessLevel);
    form.append('customDirectory', request.customDirectory);
    if (request.imagesOnly) form.append('imagesOnly', 'true');
    form.append('file', request.file, request.file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${encodeURIComponent(request.tenantId)}/files`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201) return resolve(xhr.getResponseHeader('Location') ?? '');
      let detail = '';
      try {
        detail = (JSON.parse(xhr.responseText) as { detail?: string }).detail ?? '';
      } catch {
        detail = '';
      }
      reject(new UploadError(detail));
    };
    xhr.onerror = () => reject(new UploadError(''));
    xhr.onabort = () => reject(new UploadError(''));
    xhr.send(form);
  });
}
