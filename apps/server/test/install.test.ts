import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const read = (file: string) => JSON.parse(readFileSync(resolve(root, file), 'utf8'));

/**
 * The Node.js the README promises is the oldest the whole install supports: every package the lock file installs
 * accepts it, so `npm ci` prints no EBADENGINE warning there.
 */
describe('the promised Node.js', () => {
  const promised = read('package.json').engines.node as string;
  const oldest = semver.minVersion(promised)?.version as string;

  it('is the one the README names', () => {
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js ${semver.major(oldest)}.${semver.minor(oldest)} or newer`);
  });

  it('is accepted by every package of the lock file', () => {
    const packages = read('package-lock.json').packages as Record<string, { engines?: { node?: string } | string[] }>;
    const refusing = Object.entries(packages)
      .filter(([, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range !== undefined && !semver.satisfies(oldest, range, { includePrerelease: true });
      })
      .map(([name, entry]) => `${name} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
