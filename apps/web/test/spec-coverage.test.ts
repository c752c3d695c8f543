import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const coverage = readFileSync(join(ROOT, 'docs', 'spec-coverage.md'), 'utf8');

/** The tests a row of the coverage file names: `test: `file` "name"` or `tests: `file` "a", "b"; `file` "c"`. */
function namedTests(row: string): { file: string; name: string }[] {
  const at = row.search(/\btests?: `/);
  if (at < 0) return [];
  const found: { file: string; name: string }[] = [];
  for (const part of row.slice(at).split(/;\s*/)) {
    const file = /`([^`]+\.(?:ts|tsx))`/.exec(part)?.[1];
    if (!file) continue;
    for (const match of part.matchAll(/"([^"]+)"/g)) found.push({ file, name: match[1] ?? '' });
  }
  return found;
}

describe('the spec coverage file names tests that exist', () => {
  const rows = coverage.split('\n').filter((line) => line.startsWith('|'));
  const named = rows.flatMap(namedTests);

  it('names some tests', () => {
    expect(named.length).toBeGreaterThan(10);
  });

  it('finds every named test in its file', () => {
    const missing = named.filter(({ file, name }) => {
      const path = join(ROOT, file);
      return !existsSync(path) || !readFileSync(path, 'utf8').includes(name);
    });
    expect(missing).toEqual([]);
  });
});
