import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type LevelWithSilentOrString } from 'pino';

/** Query parameters that carry a secret: emailed-link tokens (an export's, a team invitation's), signatures, OAuth codes. */
const SECRET_QUERY =
  /^(?:token|t|key|secret|sig|signature|code|state|password|access_token|refresh_token|export|invite)$/i;
/**
 * A query value that looks like a token whatever its parameter's name: 20 or more characters of the alphabets tokens
 * are written in (base64url, base64, hex, a JWT's dots), with both letters and digits. A record's id (a UUID) is not
 * a secret and stays readable.
 */
const TOKEN_LIKE = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9_.~+/=-]{20,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const looksLikeToken = (value: string) => TOKEN_LIKE.test(value) && !UUID.test(value);
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
      const at = pair.indexOf('=');
      const name = at === -1 ? pair : pair.slice(0, at);
      const value = at === -1 ? '' : pair.slice(at + 1);
      return SECRET_QUERY.test(decoded(name)) || looksLikeToken(decoded(value)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${kept}`;
}

/** A query name or value as its percent-encoding says, or as written when that is broken. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const routeOf = (request: FastifyRequest): string | undefined => {
  const route = request.routeOptions.url;
  return route && route !== '*' && route !== '/*' ? route : undefined;
};

/**
 * The stream of logger options plain enough for the request line to be written without pino's help: a level, a
 * stream and serializers, nothing that changes the form of a line (formatters, base fields, redaction, a transport).
 */
function plainStream(options: unknown): { write(line: string): unknown } | null {
  if (!options || typeof options !== 'object') return null;
  const { level: _level, serializers: _serializers, stream, ...rest } = options as Record<string, unknown>;
  const writable = stream && typeof (stream as { write?: unknown }).write === 'function';
  return writable && Object.keys(rest).length === 0 ? (stream as { write(line: string): unknown }) : null;
}

/**
 * A text as a JSON string. The texts of the request line (method, address, route, id) seldom need escaping, and
 * `JSON.stringify` of a string is a call into the engine that costs more than looking at its few characters.
 */
function json(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff)) return JSON.stringify(text);
  }
  return `"${text}"`;
}

/**
 * One line per request, written when the answer has gone: method, address with secrets redacted, route pattern,
 * status, time taken and the client's address, with the request's id. Fastify's own two lines per request are turned
 * off where the server is created. `loggerOptions` are the logger options the server was created with.
 *
 * With plain logger options (a level and a stream, as main.ts and the tests give) the line is put together here, in
 * the form pino writes it: `{"level":30,"time":…,"pid":…,"hostname":…,"reqId":…`, the fields, `"msg":"request"}`.
 * pino's general formatting looks up a serializer for each field and escapes each string character by character,
 * which was about 7 % of the instructions of a calendar request; here each text is looked at once. Other logger
 * options get pino's own formatting.
 */
export function registerRequestLog(app: FastifyInstance, loggerOptions?: unknown): void {
  const log = app.log as { isLevelEnabled?: (level: string) => boolean; levelVal?: number };
  if (!log.isLevelEnabled?.('info')) return;
  const stream = plainStream(loggerOptions);
  // pino's base fields, as its root logger writes them.
  const base = `,"pid":${process.pid},"hostname":${json(hostname())}`;
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    const url = loggableUrl(request.url, route, request.params);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const ip = request.ip;
    if (stream && (log.levelVal ?? 30) <= 30) {
      stream.write(
        `{"level":30,"time":${Date.now()}${base},"reqId":${json(request.id)},"method":${json(request.method)},` +
          `"url":${json(url)}${route === undefined ? '' : `,"route":${json(route)}`},"status":${reply.statusCode},` +
          `"ms":${Number.isFinite(ms) ? ms : null}${ip === undefined ? '' : `,"ip":${json(ip)}`},"msg":"request"}\n`,
      );
    } else {
      request.log.info({ method: request.method, url, route, status: reply.statusCode, ms, ip }, 'request');
    }
    done();
  });
}

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger (`request.log`), whose pino child (with the request's id) is made the first time something logs
 * through it. The request line is written without it, and most requests log nothing else: a child for every request
 * was about 2 % of the instructions of a calendar request.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly childBindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child, made on first use. */
  get logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.childBindings, this.options);
    return this.#child;
  }
  get level(): LevelWithSilentOrString {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: LevelWithSilentOrString) {
    this.logger.level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) ?? true;
  }
  bindings(): Bindings {
    return (this.logger as { bindings?: () => Bindings }).bindings?.() ?? this.childBindings;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}
  #log(level: LevelName, args: unknown[]): void {
    (this.logger[level] as (...args: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory`: every request gets a `RequestLogger`. */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
  return new RequestLogger(logger, bindings, options);
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
