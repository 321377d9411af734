// The listing's data file goes to POST /api/uploads as multipart/form-data (field `file`) with
// XMLHttpRequest: fetch() cannot report upload progress.
// Files over 500 MB are refused before sending, as the server refuses them (docs/decisions.md,
// "Providers: due diligence, listings, uploads and the back office").

export const MAX_UPLOAD_BYTES = 500 * 1024 * 1024;
export const ALLOWED_EXTENSIONS = ['csv', 'json', 'xlsx', 'xls', 'sql', 'parquet', 'zip'] as const;
export const ACCEPT = ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',');

export type FieldProfile = { name: string; type: string; nullShare: number };
export type DataProfile = {
  recordCount: number;
  fields: FieldProfile[];
  sampleRows: Record<string, unknown>[];
  /** The file breaks a row limit: buyers can download it but not stream it as rows. */
  notStreamable?: { limit: string; message: string };
};

/** What the server answers (201) for a stored file. */
export type UploadedFile = {
  id: string;
  fileName: string;
  size: number;
  sha256: string;
  contentType?: string;
  profile: DataProfile | null;
};

export type FileProblem = { title: string; description: string };

/** Checks made before a byte is sent; the server checks again (and reads the magic bytes). */
export function checkFile(file: File): FileProblem | null {
  const ext = file.name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (!ext || !(ALLOWED_EXTENSIONS as readonly string[]).includes(ext)) {
    return { title: 'Unsupported file type', description: `Allowed file types: ${ALLOWED_EXTENSIONS.join(', ')}.` };
  }
  if (file.size > MAX_UPLOAD_BYTES) return { title: 'File Too Large', description: 'Please select a file smaller than 500MB' };
  if (file.size === 0) return { title: 'Empty File', description: 'The file is empty.' };
  return null;
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

export type UploadHandle = { promise: Promise<UploadedFile>; abort: () => void };

/** Sends the file; `onProgress(sent, total)` follows the request body; `abort()` cancels it. */
export function uploadFile(file: File, onProgress: (sent: number, total: number) => void, onSent?: () => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadedFile>((resolve, reject) => {
    xhr.open('POST', '/api/uploads');
    // same-origin: the session cookie goes with the request as it does for fetch's 'same-origin'
    xhr.withCredentials = false;
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.upload.onload = () => onSent?.();
    xhr.onload = () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      if (xhr.status === 201 && body && typeof body.id === 'string') {
        resolve(body as unknown as UploadedFile);
        return;
      }
      const message = typeof body?.message === 'string' ? body.message : `Upload failed (${xhr.status || 'no answer'})`;
      reject(new UploadError(message, xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('The upload did not reach the server. Check your connection and try again.', 0));
    xhr.onabort = () => reject(new UploadCancelled());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
