import { keptAddress } from '@hunab/contracts';
import { apiUrl } from './api.ts';
import { LOCAL_KEYS, local } from './storage.ts';

/** The classes and severities of client errors (spec 000 section 8). */
export type ErrorCategory =
  | 'network'
  | 'chunk_load'
  | 'component'
  | 'api'
  | 'auth'
  | 'permission'
  | 'external_script'
  | 'timeout'
  | 'memory'
  | 'syntax'
  | 'runtime';
export type Severity = 'low' | 'medium' | 'high' | 'critical';

const DEDUPE_MS = 60_000;
export const ERROR_DEDUPE_CLEANUP_MS = 5 * 60_000;
const STACK_LIMIT = 500;
const COMPONENT_LIMIT = 300;

export function classifyError(error: unknown, hint?: ErrorCategory): ErrorCategory {
  if (hint) return hint;
  const e = error as { name?: string; message?: string; status?: number; filename?: string } | null;
  const text = `${e?.name ?? ''} ${e?.message ?? String(error)}`;
  if (/dynamically imported module|Loading chunk|ChunkLoadError|CSS chunk/i.test(text)) return 'chunk_load';
  if (/timeout|timed out/i.test(text)) return 'timeout';
  if (e?.status === 401) return 'auth';
  if (e?.status === 403) return 'permission';
  if (typeof e?.status === 'number') return 'api';
  if (/network|failed to fetch|load failed/i.test(text)) return 'network';
  if (/out of memory|allocation failed/i.test(text)) return 'memory';
  if (e?.name === 'SyntaxError') return 'syntax';
  if (/^Script error\.?$/i.test(e?.message ?? '') || (e?.filename && !e.filename.startsWith(window.location.origin)))
    return 'external_script';
  return 'runtime';
}

export function severityOf(category: ErrorCategory): Severity {
  switch (category) {
    case 'chunk_load':
    case 'memory':
      return 'critical';
    case 'component':
    case 'syntax':
    case 'runtime':
      return 'high';
    case 'api':
    case 'auth':
    case 'permission':
    case 'timeout':
      return 'medium';
    default:
      return 'low';
  }
}

const recent = new Map<string, number>();

/** Forgets the errors reported more than a minute ago (the clean-up runs every 5 minutes). */
export function cleanUpReportedErrors(now = Date.now()): number {
  let removed = 0;
  for (const [key, at] of recent) {
    if (now - at > DEDUPE_MS) {
      recent.delete(key);
      removed += 1;
    }
  }
  return removed;
}

/** How many distinct errors are remembered for the de-duplication now. */
export const rememberedErrorCount = () => recent.size;

/** Reports an error to the server once per identical error per minute; never throws. */
export function reportError(
  error: unknown,
  info: { componentStack?: string } = {},
  hint?: ErrorCategory,
  extra: Record<string, unknown> = {},
): void {
  try {
    const now = Date.now();
    const e = error as { name?: string; message?: string; stack?: string } | null;
    const message = e?.message ?? String(error);
    const key = `${e?.name ?? 'Error'}:${message}`;
    if (now - (recent.get(key) ?? 0) < DEDUPE_MS) return;
    recent.set(key, now);
    const type = classifyError(error, hint);
    const token = local.get(LOCAL_KEYS.authToken);
    void fetch(apiUrl('/frontend-error/log-error'), {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({
        error: {
          name: e?.name ?? 'Error',
          message: message.slice(0, 1000),
          stack: (e?.stack ?? '').slice(0, STACK_LIMIT),
          type,
          severity: severityOf(type),
          url: keptAddress(window.location.href),
          appVersion: __APP_VERSION__,
          ...extra,
        },
        errorInfo: info.componentStack ? { componentStack: info.componentStack.slice(0, COMPONENT_LIMIT) } : null,
      }),
    }).catch(() => {});
  } catch {}
}

/** Reports uncaught errors and rejections of the whole page, and clears the de-duplication every 5 minutes. */
export function listenForUncaughtErrors(): void {
  window.setInterval(() => cleanUpReportedErrors(), ERROR_DEDUPE_CLEANUP_MS);
  window.addEventListener('error', (event) =>
    reportError(event.error ?? { message: event.message, filename: event.filename }),
  );
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
}
