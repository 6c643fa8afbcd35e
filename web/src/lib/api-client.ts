import type { FieldError } from '@mfd/contracts';

const TOKEN_KEY = 'mfd.token';

/** The session's token, shared by every tab of the app (one origin, one localStorage). */
export const tokenStore = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
  /**
   * Another tab changed the token: signed out, its session ended (a 401 clears it), or signed in.
   * The browser tells every other tab of the origin at once; `listener` gets the token as it is now.
   */
  onChangeElsewhere(listener: (token: string | null) => void): () => void {
    const handle = (event: StorageEvent) => {
      // A null key is the whole storage cleared.
      if (event.storageArea === localStorage && (event.key === TOKEN_KEY || event.key === null))
        listener(localStorage.getItem(TOKEN_KEY));
    };
    window.addEventListener('storage', handle);
    return () => window.removeEventListener('storage', handle);
  },
};

/**
 * A failed call, with the server's sentence and the fields it named (error shape of DESIGN.md), and
 * the whole answer for the few that say more (a closed offer link's state and trader).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    readonly body: unknown = null,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR = 'Network error occurred';

let onSessionEnded: () => void = () => {};

/** The auth provider signs the user out when a call made with a token answers 401. */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

async function parseError(response: Response): Promise<ApiError> {
  const fallback =
    response.status === 429
      ? 'Too many attempts. Please wait and try again.'
      : `Request failed (${response.status})`;
  try {
    const body = (await response.json()) as { detail?: unknown; errors?: FieldError[] };
    return new ApiError(
      response.status,
      typeof body.detail === 'string' ? body.detail : fallback,
      body.errors ?? [],
      body,
    );
  } catch {
    return new ApiError(response.status, fallback);
  }
}

/** Every /api call: JSON in and out, the bearer token on every call, the error shape parsed. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * A list whose full size the server gives in x-total-count (the rows are one page of it). The rows
 * come bare or under `items` (the Stems list kept the shape it had before it paged).
 */
export async function apiPage<T>(path: string): Promise<{ items: T[]; total: number }> {
  const response = await send(path, {});
  const body = (await response.json()) as T[] | { items: T[] };
  const items = Array.isArray(body) ? body : body.items;
  return { items, total: Number(response.headers.get('x-total-count') ?? items.length) };
}

/** A file the API answers (an export), with the name its Content-Disposition gives. */
export async function apiDownload(
  path: string,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await send(path, {});
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), fileName };
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const token = tokenStore.get();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (!response.ok) {
    const error = await parseError(response);
    if (response.status === 401 && token) onSessionEnded();
    throw error;
  }
  return response;
}

/** The server's sentence for a failure, or the screen's own fallback. */
export function errorDetail(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.detail || fallback;
  return fallback;
}

/** An upload with progress (fetch cannot report upload progress). */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR));
    xhr.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(xhr.responseText) as { detail?: string; errors?: FieldError[] };
        } catch {
          return {};
        }
      })();
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else {
        if (xhr.status === 401 && token) onSessionEnded();
        reject(new ApiError(xhr.status, body.detail ?? `Request failed (${xhr.status})`, body.errors ?? []));
      }
    };
    xhr.send(form);
  });
}
