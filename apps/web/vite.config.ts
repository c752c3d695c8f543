import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const appVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * An id of this build: compiled into the bundle as __BUILD_ID__ and written to dist/version.json as cacheVersion,
 * which the server answers at /api/cache/frontend/version. A running app whose id differs from the deployed one
 * knows it is out of date.
 */
const buildId = createHash('sha256').update(`${appVersion}:${Date.now()}:${Math.random()}`).digest('hex').slice(0, 12);

function buildVersion(): Plugin {
  return {
    name: 'hunab-build-version',
    apply: 'build',
    generateBundle() {
      const cacheVersion = buildId;
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ frontendVersion: appVersion, cacheVersion, builtAt: new Date().toISOString() }, null, 2)}\n`,
      });
    },
  };
}

/**
 * The service worker: src/sw.ts built to dist/sw.js (scope "/") with the list of files to precache injected.
 * The manifest is the static public/manifest.webmanifest, linked from index.html; the app registers the worker
 * itself (src/lib/pwa.ts). No service worker in development. See docs/decisions/010-pwa-and-native-shell.md.
 */
function serviceWorker() {
  // Every translation file, /locales/{lang}/{namespace}.json, for the worker to cache at install.
  const localesDir = new URL('./public/locales/', import.meta.url);
  const localeUrls = readdirSync(localesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .map((file) => `/locales/${file.split('\\').join('/')}`)
    .sort();
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    scope: '/',
    base: '/',
    manifest: false,
    injectRegister: false,
    injectManifest: {
      // The app shell: index.html, the hashed JS and CSS, the icons and the manifest. Not the translations (cached
      // by the worker at install and at run time), source maps or version.json.
      globPatterns: ['**/*.{html,js,css,svg,png,webmanifest}'],
      // A classic script: no `import` at run time, registered without { type: 'module' }.
      rollupFormat: 'iife',
      buildPlugins: {
        vite: [
          { name: 'hunab-locale-urls', config: () => ({ define: { __LOCALE_URLS__: JSON.stringify(localeUrls) } }) },
        ],
      },
    },
    devOptions: { enabled: false },
  });
}

/**
 * Before any script runs, an inline script in <head> puts the document's language, direction and theme in place,
 * links the Bootstrap stylesheet of that direction, and preloads the translations of that language and of its
 * fallbacks (English, Russian), so the first
 * paint needs no second trip through the JavaScript.
 */
function earlyHead(): Plugin {
  return {
    name: 'hunab-early-head',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const assets = Object.values(ctx.bundle ?? {}).filter((item) => item.type === 'asset');
        const find = (name: string) =>
          assets.find((asset) => (asset.originalFileNames ?? []).some((original) => original.endsWith(name)))?.fileName;
        const ltr = find('bootstrap.min.css');
        const rtl = find('bootstrap.rtl.min.css');
        if (!ltr || !rtl) return html;
        const script = `(function(){var d=document,h=d.documentElement,s=location.pathname.split('/')[1]||'';
var lang=['en','es','pt','de','ja','zh','ar'].indexOf(s)<0?'ru':s,rtl=lang==='ar';h.lang=lang;h.dir=rtl?'rtl':'ltr';
try{h.dataset.bsTheme=localStorage.getItem('theme')==='light'?'light':'dark'}catch(e){}
var l=d.createElement('link');l.rel='stylesheet';l.id='bootstrap-css';l.href=rtl?'/${rtl}':'/${ltr}';d.head.prepend(l);
[lang,'en','ru'].filter(function(x,i,a){return a.indexOf(x)===i}).forEach(function(g){['translation','auth','comments'].forEach(function(n){var p=d.createElement('link');p.rel='preload';p.as='fetch';p.crossOrigin='anonymous';p.href='/locales/'+g+'/'+n+'.json';d.head.append(p)})})})();`;
        return html.replace('</title>', `</title>\n    <script>${script.replaceAll('\n', '')}</script>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), buildVersion(), serviceWorker(), earlyHead()],
  define: { __APP_VERSION__: JSON.stringify(appVersion), __BUILD_ID__: JSON.stringify(buildId) },
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
