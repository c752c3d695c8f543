import type { FastifyInstance, InjectOptions } from 'fastify';

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a reply body is whatever JSON the endpoint sends; tests assert its shape
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
}

let addressCounter = 0;
/** A fresh client address, so sign-in throttling by address in one test does not reach another. */
export const newAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/** HTTP through app.inject, JSON in and out, with an optional bearer token. */
export function client(getApp: () => FastifyInstance) {
  async function call(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    options: { token?: string | null; ip?: string; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const response = await getApp().inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    });
    let body: unknown = response.body;
    try {
      body = response.json();
    } catch {}
    return { status: response.statusCode, body, headers: response.headers };
  }
  return {
    get: (url: string, options?: Parameters<typeof call>[3]) => call('GET', url, undefined, options),
    post: (url: string, payload?: unknown, options?: Parameters<typeof call>[3]) =>
      call('POST', url, payload ?? {}, options),
    put: (url: string, payload?: unknown, options?: Parameters<typeof call>[3]) =>
      call('PUT', url, payload ?? {}, options),
    delete: (url: string, options?: Parameters<typeof call>[3]) => call('DELETE', url, undefined, options),
    call,
  };
}

let emailCounter = 0;
/** A unique address per call, so tests never collide on the unique email. */
export const newEmail = (label = 'user') => `${label}.${process.pid}.${Date.now()}.${++emailCounter}@example.com`;

export const registration = (overrides: Record<string, unknown> = {}) => ({
  email: newEmail(),
  password: 'correct horse',
  username: 'Mila',
  registration_source: 'website',
  interest: 'general',
  lang: 'en',
  birth_date: '1987-07-26',
  ...overrides,
});

export type Client = ReturnType<typeof client>;
