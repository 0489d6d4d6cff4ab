/**
 * The one way the web app talks to the API: same origin under /api, cookies included, JSON both ways.
 *
 * The server requires `Content-Type: application/json` on every state-changing request (its CSRF defence), so
 * POST, PUT, PATCH and DELETE always carry a JSON body, `{}` when the caller has nothing to send.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions {
  method?: HttpMethod;
  /** Serialised as JSON. Ignored for GET. */
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiRequestInfo {
  method: HttpMethod;
  /** The path under /api, as given to apiFetch (for example `/account/check-auth`). */
  path: string;
}

/**
 * A non-2xx answer. `message` is the bare status so that `String(error)` reads `Error: 404`, the form the
 * product shows; `code` and `serverMessage` come from the server's `{ error: { code, message } }` body.
 */
export class ApiError extends Error {
  override readonly name = 'Error';
  readonly status: number;
  readonly code: string | null;
  readonly serverMessage: string | null;
  /** Set when a listener (onApiError) already told the user about this failure: callers then say nothing. */
  explained = false;

  constructor(status: number, code: string | null = null, serverMessage: string | null = null) {
    super(String(status));
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Answers 'explained' when it told the user about the failure itself (an expired session, say). */
export type ApiErrorListener = (error: ApiError, request: ApiRequestInfo) => 'explained' | undefined;

const errorListeners = new Set<ApiErrorListener>();

/**
 * Calls `listener` after every call that got a non-2xx answer (not for network failures). Returns a function
 * that removes it. Used, for example, to treat a 403 while logged in as an expired session.
 */
export function onApiError(listener: ApiErrorListener): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

const STATE_CHANGING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (options.signal) init.signal = options.signal;
  if (STATE_CHANGING.has(method)) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body ?? {});
  }

  const response = await fetch(`/api${path}`, init);
  const text = response.status === 204 ? '' : await response.text();

  if (!response.ok) {
    const error = toApiError(response.status, text);
    for (const listener of errorListeners) {
      try {
        if (listener(error, { method, path }) === 'explained') error.explained = true;
      } catch (listenerError) {
        console.error('An API error listener failed', listenerError);
      }
    }
    throw error;
  }

  // Callers that expect no content declare T as void or undefined.
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

function toApiError(status: number, text: string): ApiError {
  const body = parseJson(text);
  if (isRecord(body) && isRecord(body.error)) {
    const { code, message } = body.error;
    return new ApiError(
      status,
      typeof code === 'string' ? code : null,
      typeof message === 'string' ? message : null,
    );
  }
  return new ApiError(status);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
