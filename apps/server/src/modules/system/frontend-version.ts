import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { appVersion } from '../../lib/version.ts';

interface BuildVersion {
  frontendVersion: string;
  cacheVersion: string;
  builtAt: string;
}

/** Compares dotted versions: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * The version record the web build writes (dist/version.json), re-read when the file changes, so a new deploy
 * changes cacheVersion without a restart. Without a build it falls back to the server's own version.
 */
export function createFrontendVersionReader(webDistDir: string | undefined) {
  const file = webDistDir ? join(webDistDir, 'version.json') : null;
  let cached: { mtimeMs: number; value: BuildVersion } | null = null;
  const fallback: BuildVersion = {
    frontendVersion: appVersion,
    cacheVersion: `server-${appVersion}`,
    builtAt: new Date().toISOString(),
  };

  return function read(): BuildVersion {
    if (!file) return fallback;
    try {
      const { mtimeMs } = statSync(file);
      if (!cached || cached.mtimeMs !== mtimeMs) {
        const value = JSON.parse(readFileSync(file, 'utf8')) as BuildVersion;
        cached = { mtimeMs, value };
      }
      return cached.value;
    } catch {
      return fallback;
    }
  };
}
