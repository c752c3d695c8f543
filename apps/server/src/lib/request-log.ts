import type { FastifyInstance, FastifyRequest } from 'fastify';
import pino from 'pino';

/** Query parameters that carry a secret: emailed-link tokens, signatures, OAuth codes. */
const SECRET_QUERY = /^(?:token|t|key|secret|sig|signature|code|state|password|access_token|refresh_token)$/i;
/** Path parameters that are secrets in every route that has them. */
const SECRET_PARAMS = new Set(['token']);
/** Routes whose parameter is a secret although its name does not say so: the personal feed's address. */
const SECRET_ROUTE_PARAMS: Record<string, string> = { '/api/feed/:file': 'file' };
const REDACTED = '[redacted]';

/** The names of a route's path parameters that are secrets, worked out once per route pattern. */
const secretNamesByRoute = new Map<string, ReadonlySet<string>>();
function secretNamesOf(route: string): ReadonlySet<string> {
  let names = secretNamesByRoute.get(route);
  if (!names) {
    const params = route
      .split('/')
      .filter((segment) => segment.startsWith(':'))
      .map((segment) => segment.slice(1));
    const special = SECRET_ROUTE_PARAMS[route];
    names = new Set(params.filter((name) => SECRET_PARAMS.has(name) || name === special));
    secretNamesByRoute.set(route, names);
  }
  return names;
}

/**
 * The address of a request as it may be logged: every secret path segment (emailed-link tokens, the personal
 * feed's address) and every secret query parameter replaced. `route` is the matched route pattern, if any.
 */
export function loggableUrl(url: string, route?: string, params?: unknown): string {
  const queryAt = url.indexOf('?');
  const matched = Boolean(route && params && typeof params === 'object');
  const secretNames = matched && route ? secretNamesOf(route) : null;
  // Most requests: a route without secret parameters and no query string are logged as they came.
  if (queryAt === -1 && secretNames?.size === 0) return url;
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  if (route && secretNames) {
    const special = SECRET_ROUTE_PARAMS[route];
    const patternSegments = route.split('/');
    const segments = path.split('/');
    if (secretNames.size > 0 && patternSegments.length === segments.length) {
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

/**
 * Where the server's log goes: standard output, with the lines of one turn of the event loop written together in
 * one system call at the end of the turn, instead of one call per line (a busy server spent a tenth of its time
 * writing its log). Nothing waits longer than the turn it was logged in; what is still held when the process exits
 * is written then.
 */
export function logDestination(output: { write(text: string): unknown } = pino.destination({ dest: 1, sync: true })) {
  let lines: string[] = [];
  const flush = () => {
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    output.write(text);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      if (lines.push(line) === 1) setImmediate(flush);
    },
    flush(done?: (error?: Error) => void) {
      flush();
      done?.();
    },
  };
}
