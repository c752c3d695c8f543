/**
 * The native shell's request client (spec 000 section 7): one client for the four methods the API uses, through the
 * shell's own HTTP stack (no CORS, the native cookie store). Loaded only inside the shell, so the web's first route
 * stays without @capacitor/core.
 */
import { CapacitorHttp, type HttpOptions, type HttpResponse } from '@capacitor/core';
import { nativeRequestHeaders } from './platform.ts';

export const NATIVE_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type NativeMethod = (typeof NATIVE_METHODS)[number];
/** The mobile request timeout of spec 000 section 9. */
export const NATIVE_TIMEOUT_MS = 45_000;

export class UnsupportedMethodError extends Error {
  constructor(readonly method: string) {
    super('Unsupported method');
    this.name = 'UnsupportedMethodError';
  }
}

const isNativeMethod = (method: string): method is NativeMethod =>
  (NATIVE_METHODS as readonly string[]).includes(method);

/** The one call of CapacitorHttp the client makes; a parameter so tests can hand in the shell's answers. */
export type NativeTransport = (options: HttpOptions) => Promise<HttpResponse>;

const shellTransport: NativeTransport = (options) => CapacitorHttp.request(options);

function bodyOf(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') return undefined;
  try {
    return JSON.parse(init.body);
  } catch {
    return init.body;
  }
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return Object.fromEntries(new Headers(init?.headers).entries());
}

/**
 * A fetch-shaped client: GET, POST, PUT and DELETE go through the shell; any other method is refused with
 * "Unsupported method". A 2xx answer comes back as a 200 JSON response (the shell has already parsed the body);
 * other statuses keep theirs, with the body as JSON when it is an object, so the API client reads the server's
 * error envelope as on the web.
 */
export function createNativeFetch(transport: NativeTransport = shellTransport) {
  return async function nativeFetch(url: string, init?: RequestInit): Promise<Response> {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (!isNativeMethod(method)) throw new UnsupportedMethodError(method);
    const data = bodyOf(init);
    const reply = await transport({
      url,
      method,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...headersOf(init),
        ...nativeRequestHeaders(),
      },
      ...(data === undefined ? {} : { data }),
      responseType: 'json',
      connectTimeout: NATIVE_TIMEOUT_MS,
      readTimeout: NATIVE_TIMEOUT_MS,
    });
    const json = JSON.stringify(reply.data ?? null);
    const ok = reply.status >= 200 && reply.status < 300;
    return new Response(json, {
      status: ok ? 200 : reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

export const nativeFetch = createNativeFetch();
