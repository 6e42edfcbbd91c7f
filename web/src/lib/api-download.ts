import type { RouteId } from '@expiry-radar/shared/api/route-table';
import type { CallInput } from './api-call';
import { loadApiRoute } from './api-call';
import type { ApiCallOptions, ApiInput } from './api-client';
import { exchange, reported } from './api-client';

export interface DownloadOptions extends ApiCallOptions {
  /** The file's name when the answer does not name it (no or unreadable content-disposition). */
  fallbackFileName: string;
}

export interface DownloadedFile {
  readonly blob: Blob;
  /** From the answer's content-disposition, else the fallback. */
  readonly fileName: string;
}

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''...` (RFC 6266) first, else
 * `filename="..."` or a bare `filename=...`; without any folder part. Null when there is none.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | null = null;
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (name === null) {
    const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
    const bare = /filename\s*=\s*([^";]+)/i.exec(header);
    name = quoted?.[1]?.replace(/\\(.)/g, '$1') ?? bare?.[1]?.trim() ?? null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/**
 * Downloads a file from a route of the route table with the same rules as `call` (cookies, 10 s
 * timeout, CSRF on mutations, the error catalogue's toast and 401 redirect): its body as a Blob
 * and its name from the content-disposition header.
 */
export function download<Id extends RouteId>(
  id: Id,
  input: CallInput<Id>,
  options: DownloadOptions,
): Promise<DownloadedFile> {
  return reported(async () => {
    const response = await exchange(
      await loadApiRoute(id),
      input as ApiInput,
      '*/*',
      options.signal,
    );
    const received = await response.blob();
    const type = response.headers.get('Content-Type') ?? '';
    // Browsers type the blob from the answer; some fetch implementations leave it empty.
    const blob = received.type || !type ? received : new Blob([received], { type });
    const fileName =
      fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ??
      options.fallbackFileName;
    return { blob, fileName };
  }, options.silent);
}
