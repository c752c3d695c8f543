// The structure rules of ARCHITECTURE.md, read from the sources' imports: no import circles in the web app or the
// server; a feature imports no other feature beyond the session store and the pricewall's opener; nothing outside
// `app/` imports `app/`; the app imports no build script.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE = /\.(ts|tsx|mjs)$/;
/** Imports and re-exports, types too (a circle of types is a circle of the design), and dynamic imports. */
const STATIC = /(?:^|\n)\s*(?:import|export)\s(?:[^'"`;]*?\sfrom\s)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The relative imports of every source under `dirs`, resolved to files (paths from the repository's root). */
function readImports(dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((dir) => sourcesUnder(join(ROOT, dir)))) {
    const text = readFileSync(file, 'utf8');
    const target = (specifier: string) => relative(ROOT, resolve(dirname(file), specifier.replace(/\?.*$/, '')));
    const found = (pattern: RegExp) =>
      [...text.matchAll(pattern)].map((match) => match[1] ?? '').filter((specifier) => specifier.startsWith('.'));
    graph.set(relative(ROOT, file), [...found(STATIC), ...found(DYNAMIC)].map(target));
  }
  return graph;
}

/** Each import circle once, as the files around it, the first repeated at the end. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return found;
}

const WEB = 'apps/web/src';
/** What one feature may take from another: the session store, and the opener of the pricewall. */
const SHARED_FEATURE_FILES = [`${WEB}/features/auth/session.ts`, `${WEB}/features/paywall/pricewall.ts`];

/** The imports that break the web app's layers, as "importer -> imported". */
function layerBreaks(graph: Map<string, string[]>): string[] {
  const featureOf = (file: string) => file.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
  const breaks: string[] = [];
  for (const [file, imports] of graph) {
    for (const imported of imports) {
      const from = featureOf(file);
      const to = featureOf(imported);
      const crossFeature = from !== undefined && to !== undefined && from !== to;
      const intoApp = imported.startsWith(`${WEB}/app/`) && /^apps\/web\/src\/(features|lib|components)\//.test(file);
      const intoScripts = imported.startsWith('apps/web/scripts/') && file.startsWith(`${WEB}/`);
      if ((crossFeature && !SHARED_FEATURE_FILES.includes(imported)) || intoApp || intoScripts) {
        breaks.push(`${file} -> ${imported}`);
      }
    }
  }
  return breaks.sort();
}

describe('the structure of the sources', () => {
  const web = readImports([WEB]);
  const server = readImports(['apps/server/src']);

  it('has no import circle in the web app', () => {
    expect(circles(web).map((circle) => circle.join(' -> '))).toEqual([]);
  });

  it('has no import circle in the server', () => {
    expect(circles(server).map((circle) => circle.join(' -> '))).toEqual([]);
  });

  it('keeps features apart, `app/` on top and the build scripts out of the app', () => {
    expect(layerBreaks(web)).toEqual([]);
  });

  it('finds a circle, a feature importing another, and a component importing app/', () => {
    const graph = new Map([
      [`${WEB}/lib/a.ts`, [`${WEB}/lib/b.ts`]],
      [`${WEB}/lib/b.ts`, [`${WEB}/lib/a.ts`]],
      [`${WEB}/features/comments/List.tsx`, [`${WEB}/features/account/Avatar.tsx`, `${WEB}/features/auth/session.ts`]],
      [`${WEB}/components/Menu.tsx`, [`${WEB}/app/routes.tsx`]],
    ]);
    expect(circles(graph)).toEqual([[`${WEB}/lib/a.ts`, `${WEB}/lib/b.ts`, `${WEB}/lib/a.ts`]]);
    expect(layerBreaks(graph)).toEqual([
      `${WEB}/components/Menu.tsx -> ${WEB}/app/routes.tsx`,
      `${WEB}/features/comments/List.tsx -> ${WEB}/features/account/Avatar.tsx`,
    ]);
  });
});
