export interface TSendBlobRequest {
  method: 'PUT' | 'POST';
  url: string;
  body: Blob | FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  withCredentials?: boolean;
  onProgress?: (bytesSent: number) => void;
}

export interface TSendBlobResponse {
  status: number;
  body: string;
  header(name: string): string | null;
}

export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    message: string,
    readonly isCancelled: boolean,
  ) {
    super(message);
  }
}

/**
 * XMLHttpRequest rather than fetch: fetch reports no upload progress. Resolves with any
 * HTTP status; rejects only when no response arrived (network failure or abort).
 */
export function sendBlob(request: TSendBlobRequest): Promise<TSendBlobResponse> {
  return new Promise((resolve, reject) => {
    if (request.signal?.aborted) {
      reject(new TransportError('Upload cancelled', true));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = request.withCredentials ?? false;
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
    const onAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const finish = () => request.signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event) => request.onProgress?.(event.loaded);
    xhr.onload = () => {
      finish();
      resolve({ status: xhr.status, body: xhr.responseText, header: (name) => xhr.getResponseHeader(name) });
    };
    xhr.onerror = () => {
      finish();
      reject(new TransportError('Network error', false));
    };
    xhr.onabort = () => {
      finish();
      reject(new TransportError('Upload cancelled', true));
    };
    xhr.send(request.body);
  });
}

/** The `message` of a JSON error body, or null. */
export function messageFromBody(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      const { message, errors } = parsed as { message?: unknown; errors?: Record<string, unknown> };
      if (typeof message === 'string' && message.trim()) return message;
      const first = Object.values(errors ?? {})[0];
      if (typeof first === 'string') return first;
      if (Array.isArray(first) && typeof first[0] === 'string') return first[0];
    }
  } catch {
    // Not JSON (an HTML error page, an S3 XML error): no message worth showing.
  }
  return null;
}
