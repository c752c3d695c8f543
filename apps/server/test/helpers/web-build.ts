import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A built web app of one index.html, a head.json and a page renderer (`dist-server/entry-server.js`) whose source
 * is given: enough for the server's page rendering to run as it does with the real build. Returns its dist folder.
 */
export function fakeWebBuild(entryServer: string): string {
  const base = mkdtempSync(join(tmpdir(), 'hunab-build-'));
  const dist = join(base, 'dist');
  const distServer = join(base, 'dist-server');
  for (const dir of [dist, distServer]) mkdirSync(dir);
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Hunab</title></head><body><div id="root"></div><script type="module" crossorigin src="/assets/main.js"></script></body></html>',
  );
  writeFileSync(join(dist, 'head.json'), JSON.stringify({ ltr: 'a.css', rtl: 'b.css', namespaces: [], pages: {} }));
  writeFileSync(join(distServer, 'entry-server.js'), entryServer);
  return dist;
}
