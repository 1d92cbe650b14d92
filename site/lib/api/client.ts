import ky, { HTTPError, NetworkError, TimeoutError as KyTimeoutError, type KyInstance } from 'ky';
import * as z from 'zod/mini';
import { ErrorBodySchema } from '~/bff/contracts/errors.ts';
import {
  APP_API_BASE,
  APP_API_TIMEOUT_MS,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  INTERNAL_API_BASE,
  INTERNAL_API_TIMEOUT_MS,
} from '~/bff/contracts/http.ts';
import { readCache, writeCache, type ApiName } from '~/site/stores/apiCache.ts';
import { FetchError, ParsingError, RequestError, TimeoutError, type ApiError } from './errors.ts';

/** Any zod schema: the contracts' classic ones as well as zod/mini ones. */
export type Schema = z.core.$ZodType;


export interface ClientOverrides {
  /** Origin to resolve against; only needed outside a browser (tests), where ky cannot resolve `/api/...`. */
  baseUrl?: string;
  timeout?: number;
}

type SearchValue = string | number | boolean;
/** An array repeats the parameter, as `GET /documents?categoryFilter=A&categoryFilter=B` needs. */
export type SearchParams = Record<string, SearchValue | readonly SearchValue[] | undefined>;
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RequestOptions {
  searchParams?: SearchParams;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Any other body, e.g. FormData for uploads. */
  body?: BodyInit;
  /** Extra headers, e.g. `Idempotency-Key` on a request that creates a record. */
  headers?: Record<string, string>;
}

export interface GetOptions {
  searchParams?: SearchParams;
  /** Answer from the persisted API cache when it holds this URL, and store the response there otherwise. */
  cache?: boolean;
}

/**
 * A ky instance for one base: the CSRF header on every request (docs/security.md), same-origin cookies, HTTP errors
 * thrown. No retries: a retried GET would multiply the 30/60 s timeouts of the API bases (docs/architecture.md).
 */
export function createKy(prefix: string, timeout: number, overrides: ClientOverrides = {}): KyInstance {
  return ky.create({
    prefix,
    ...(overrides.baseUrl === undefined ? {} : { baseUrl: overrides.baseUrl }),
    timeout: overrides.timeout ?? timeout,
    credentials: 'same-origin',
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, accept: 'application/json' },
    throwHttpErrors: true,
    retry: 0,
  });
}

function toSearchParams(params: SearchParams | undefined): URLSearchParams | undefined {
  if (!params) return undefined;
  const values = (value: SearchParams[string]): readonly SearchValue[] =>
    value === undefined ? [] : Array.isArray(value) ? value : [value as SearchValue];
  return new URLSearchParams(
    Object.entries(params).flatMap(([key, value]) => values(value).map((one) => [key, String(one)])),
  );
}

function relativeUrl(prefix: string, path: string, searchParams?: URLSearchParams): string {
  const query = searchParams?.size ? `?${searchParams.toString()}` : '';
  return `${prefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${query}`;
}

function logFailure(error: ApiError, details: { status?: number; data?: unknown; headers?: Headers }): void {
  // Failed HTTP-client errors are logged together with response data and headers.
  console.error(`[api] ${error.method.toUpperCase()} ${error.url} failed: ${error.name}`, {
    status: details.status,
    data: details.data,
    headers: details.headers ? Object.fromEntries(details.headers) : undefined,
    cause: error.cause,
  });
}

function classify(error: unknown, method: string, url: string): ApiError {
  if (error instanceof HTTPError) {
    const body = z.safeParse(ErrorBodySchema, error.data);
    const failure = new RequestError(
      body.success ? body.data.message : `HTTP ${error.response.status}`,
      method,
      url,
      error.response.status,
      body.success ? body.data : null,
      { cause: error },
    );
    logFailure(failure, { status: error.response.status, data: error.data, headers: error.response.headers });
    return failure;
  }
  const failure =
    error instanceof KyTimeoutError
      ? new TimeoutError('The request timed out', method, url, { cause: error })
      : new FetchError(error instanceof NetworkError ? 'The network request failed' : String(error), method, url, {
          cause: error,
        });
  logFailure(failure, {});
  return failure;
}

export async function parseBody<S extends Schema>(
  response: Response,
  schema: S,
  method: string,
  url: string,
): Promise<z.output<S>> {
  const text = await response.text();
  let json: unknown;
  let failure: ParsingError | undefined;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch (cause) {
    failure = new ParsingError('The response is not JSON', method, url, response.status, { cause });
  }
  if (!failure) {
    const parsed = z.safeParse(schema, json);
    if (parsed.success) return parsed.data;
    failure = new ParsingError('The response does not match its schema', method, url, response.status, {
      cause: parsed.error,
    });
  }
  logFailure(failure, { status: response.status, data: json ?? text, headers: response.headers });
  throw failure;
}

/** Sends one request; a failure is logged and thrown as FetchError, TimeoutError or RequestError. */
export async function sendRequest(
  http: KyInstance,
  prefix: string,
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<{ response: Response; url: string }> {
  const searchParams = toSearchParams(options.searchParams);
  const url = relativeUrl(prefix, path, searchParams);
  try {
    const response = await http(path, {
      method,
      ...(searchParams ? { searchParams } : {}),
      ...(options.json === undefined ? {} : { json: options.json }),
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
    });
    return { response, url };
  } catch (error) {
    throw classify(error, method, url);
  }
}

/** One request, answered with the zod-parsed JSON body (an empty body, as of a 204, is parsed as `undefined`). */
export async function requestJson<S extends Schema>(
  http: KyInstance,
  prefix: string,
  method: Method,
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const { response, url } = await sendRequest(http, prefix, method, path, options);
  return parseBody(response, schema, method, url);
}

export interface ApiClient {
  readonly name: ApiName;
  readonly prefix: string;
  readonly http: KyInstance;
  get<S extends Schema>(path: string, schema: S, options?: GetOptions): Promise<z.output<S>>;
  post<S extends Schema>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  put<S extends Schema>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  patch<S extends Schema>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  delete<S extends Schema>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
}

const bases: Record<ApiName, { prefix: string; timeout: number }> = {
  appApi: { prefix: APP_API_BASE, timeout: APP_API_TIMEOUT_MS },
  internalApi: { prefix: INTERNAL_API_BASE, timeout: INTERNAL_API_TIMEOUT_MS },
};

export function createApiClient(name: ApiName, overrides: ClientOverrides = {}): ApiClient {
  const { prefix, timeout } = bases[name];
  const http = createKy(prefix, timeout, overrides);
  const send =
    (method: Method) =>
    <S extends Schema>(path: string, schema: S, options?: RequestOptions) =>
      requestJson(http, prefix, method, path, schema, options);
  return {
    name,
    prefix,
    http,
    async get(path, schema, options = {}) {
      const { cache, searchParams } = options;
      const key = relativeUrl(prefix, path, toSearchParams(searchParams));
      const entry = cache ? readCache(name, key) : undefined;
      if (entry) {
        // Parsed again: the entry comes from localStorage, which another version of the site may have written.
        const cached = z.safeParse(schema, entry.data);
        if (cached.success) return cached.data;
      }
      const data = await requestJson(http, prefix, 'get', path, schema, searchParams ? { searchParams } : {});
      if (cache) writeCache(name, key, data);
      return data;
    },
    post: send('post'),
    put: send('put'),
    patch: send('patch'),
    delete: send('delete'),
  };
}

/** The app base /api/v2/app, 30 s (docs/architecture.md "Shared UI and client state"). */
export const appApi = createApiClient('appApi');
/** The internal base /api/v1/internal, 60 s. */
export const internalApi = createApiClient('internalApi');
