import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const appVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * Writes dist/version.json: the app version and a cacheVersion that changes whenever any built file changes
 * (file names carry content hashes). The server answers it at /api/cache/frontend/version.
 */
function buildVersion(): Plugin {
  return {
    name: 'hunab-build-version',
    apply: 'build',
    generateBundle(_options, bundle) {
      const cacheVersion = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .digest('hex')
        .slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ frontendVersion: appVersion, cacheVersion, builtAt: new Date().toISOString() }, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), buildVersion()],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
