import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;

/**
 * The CSP source expressions of the inline scripts of an HTML page ('sha256-...'): scripts with a src, and data
 * blocks (a type other than JavaScript), need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The Content-Security-Policy of the product: scripts only from this origin and, inline, only the hashed ones the
 * page carries; no framing; styles may be inline (React writes style attributes into rendered pages).
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.length ? ` ${scriptHashes.join(' ')}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The Content-Security-Policy of a JSON answer: nothing may load from it, and nothing may frame it. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every answer: the document set on pages and files, a shorter set on JSON answers. The CSP
 * allows the inline scripts of the built index.html (read again when the app is rebuilt); a rendered page sets its
 * own CSP with the hashes of its scripts before this runs. HSTS is sent when the request came over https (directly,
 * or as the trusted proxy says) or the public address is https.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { webDistDir: string | undefined; publicUrl: string },
): void {
  const indexPath = options.webDistDir ? join(options.webDistDir, 'index.html') : null;
  let readAt = -1;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let defaultPolicy = contentSecurityPolicy();
  // The built index.html is looked at again at most once a second, not on every answer: a rebuild is picked up
  // within a second, and a request costs no file-system call.
  const policy = () => {
    const time = Date.now();
    if (indexPath && time - checkedAt >= 1000) {
      checkedAt = time;
      const builtAt = statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs ?? 0;
      if (builtAt !== readAt) {
        readAt = builtAt;
        defaultPolicy = contentSecurityPolicy(builtAt ? inlineScriptHashes(readFileSync(indexPath, 'utf8')) : []);
      }
    }
    return defaultPolicy;
  };
  const httpsEverywhere = options.publicUrl.startsWith('https://');
  // What every answer carries: no sniffing of its type, and no framing.
  const everywhere: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  // What a document (a page, an image, a file) carries besides: the referrer, the browser features and the opener
  // rules only mean something where a browser shows the answer.
  const documents: Record<string, string> = {
    ...everywhere,
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'cross-origin-opener-policy': 'same-origin',
  };
  const hsts = 'max-age=31536000; includeSubDomains';

  // A callback hook, not an async one: it runs on every answer, and a promise per answer is measurable.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) {
      // JSON is data, never shown as a document: it may load and frame nothing (OWASP's REST Security Cheat Sheet).
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_POLICY);
      reply.headers(everywhere);
    } else {
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy());
      reply.headers(documents);
    }
    if (httpsEverywhere || request.protocol === 'https') reply.header('strict-transport-security', hsts);
    done(null, payload);
  });
}
