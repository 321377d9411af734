// The library's download: the purchase's download path fetched with the session (the server accepts
// the buyer's own session without an X-API-Key; the browser only knows the key's prefix), the body
// read chunk by chunk for the progress bar, then saved under the server's file name.

export class DownloadCancelled extends Error {
  constructor() {
    super('Download cancelled');
    this.name = 'DownloadCancelled';
  }
}

export class DownloadFailed extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DownloadFailed';
  }
}

/** What a link listing's download answers instead of a file. */
export type ExternalLinkAnswer = { dataAccessUrl: string; accessInstructions: string | null };

export type DownloadResult = { kind: 'file'; fileName: string; bytes: number } | { kind: 'link'; link: ExternalLinkAnswer };

export type DownloadHandle = { done: Promise<DownloadResult>; cancel: () => void };

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*=UTF-8''...` wins over
 * `filename="..."`; null when there is none.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
  if (quoted) return quoted[1]!.replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return bare ? bare[1]! : null;
}

/** A name for the saved file when the server gave none: the title, safe for a file system. */
export function fallbackFileName(title: string): string {
  const base = title.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'data';
  return `${base}_data`;
}

/** Hands a blob to the browser as a download named `fileName`. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the browser has taken the blob once the click is handled
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function messageOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: string; error?: string };
    return body.message || body.error || `HTTP ${res.status}`;
  } catch {
    return `HTTP ${res.status}`;
  }
}

/**
 * Downloads `path` with the session, calling `onProgress(received, total)` as chunks arrive, and
 * saves the file. A link listing answers JSON with its link (no Content-Disposition): that is
 * returned instead of saved.
 */
export function downloadData(path: string, opts: { title: string; onProgress: (received: number, total: number | null) => void }): DownloadHandle {
  const controller = new AbortController();
  let cancelled = false;
  const done = (async (): Promise<DownloadResult> => {
    let res: Response;
    try {
      res = await fetch(path, { credentials: 'same-origin', signal: controller.signal, headers: { accept: '*/*' } });
    } catch (error) {
      if (cancelled) throw new DownloadCancelled();
      throw new DownloadFailed(error instanceof Error ? error.message : String(error), 0);
    }
    if (!res.ok) throw new DownloadFailed(await messageOf(res), res.status);
    const disposition = res.headers.get('content-disposition');
    if (!disposition && (res.headers.get('content-type') ?? '').includes('application/json')) {
      const body = (await res.json()) as Partial<ExternalLinkAnswer>;
      if (body.dataAccessUrl) return { kind: 'link', link: { dataAccessUrl: body.dataAccessUrl, accessInstructions: body.accessInstructions ?? null } };
    }
    const length = Number(res.headers.get('content-length'));
    const total = Number.isFinite(length) && length > 0 ? length : null;
    const chunks: Uint8Array[] = [];
    let received = 0;
    opts.onProgress(0, total);
    try {
      const reader = res.body!.getReader();
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        chunks.push(value);
        received += value.byteLength;
        opts.onProgress(received, total);
      }
    } catch (error) {
      if (cancelled) throw new DownloadCancelled();
      throw new DownloadFailed(error instanceof Error ? error.message : String(error), res.status);
    }
    const fileName = fileNameFromDisposition(disposition) ?? fallbackFileName(opts.title);
    save(new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' }), fileName);
    return { kind: 'file', fileName, bytes: received };
  })();
  return {
    done,
    cancel: () => {
      cancelled = true;
      controller.abort();
    },
  };
}
