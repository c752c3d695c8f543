import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: emailed-link tokens, signatures, OAuth codes. */
const SECRET_QUERY = /^(?:token|t|key|secret|sig|signature|code|state|password|access_token|refresh_token)$/i;
/** Path parameters that are secrets in every route that has them. */
const SECRET_PARAMS = new Set(['token']);
/** Routes whose parameter is a secret although its name does not say so: the personal feed's address. */
const SECRET_ROUTE_PARAMS: Record<string, string> = { '/api/feed/:file': 'file' };
const REDACTED = '[redacted]';

/**
 * The address of a request as it may be logged: every secret path segment (emailed-link tokens, the personal
 * feed's address) and every secret query parameter replaced. `route` is the matched route pattern, if any.
 */
export function loggableUrl(url: string, route?: string, params?: unknown): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  if (route && params && typeof params === 'object') {
    const secretNames = new Set(SECRET_PARAMS);
    const special = SECRET_ROUTE_PARAMS[route];
    if (special) secretNames.add(special);
    const patternSegments = route.split('/');
    const segments = path.split('/');
    if (patternSegments.length === segments.length) {
      path = segments
        .map((segment, i) => {
          const name = patternSegments[i]?.startsWith(':') ? patternSegments[i]?.slice(1) : undefined;
          if (!name || !secretNames.has(name) || (special === name && segment === 'daily.ics')) return segment;
          const extension = /\.[a-z]{2,4}$/i.exec(segment)?.[0] ?? '';
          return `${REDACTED}${extension}`;
        })
        .join('/');
    }
  } else {
    // No route matched: redact anything that looks like a long token in the path.
    path = path.replace(/[A-Za-z0-9_-]{24,}/g, REDACTED);
  }
  if (!query) return path;
  const kept = query
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return SECRET_QUERY.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${kept}`;
}

const routeOf = (request: FastifyRequest): string | undefined => {
  const route = request.routeOptions.url;
  return route && route !== '*' && route !== '/*' ? route : undefined;
};

/**
 * One line per request, written when the answer has gone: method, address with secrets redacted, route pattern,
 * status and time taken. Fastify's own two lines per request are turned off where the server is created.
 */
export function registerRequestLog(app: FastifyInstance): void {
  const log = app.log as { isLevelEnabled?: (level: string) => boolean };
  if (!log.isLevelEnabled?.('info')) return;
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    request.log.info(
      {
        method: request.method,
        url: loggableUrl(request.url, route, request.params),
        route,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });
}

/** The logger's request serializer, for any log line that carries a request: the same redaction. */
export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: loggableUrl(request.url, routeOf(request), request.params),
});
