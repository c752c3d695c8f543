import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { NAMESPACES } from './src/lib/namespaces.ts';
import { closedPaths, indexablePaths, ROUTES } from './src/lib/route-table.ts';

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

/** A route path as a regular expression source: `:name` one segment, `:name?` an optional one. */
function pathPattern(path: string): string {
  return path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
}

/** The namespaces of their own that pages read with their chunk (the second argument of `lazyPage`), by page. */
function pageNamespaces(): Record<string, string[]> {
  const pagesSource = readFileSync(new URL('./src/app/pages.ts', import.meta.url), 'utf8');
  return Object.fromEntries(
    [...pagesSource.matchAll(/(\w+): lazyPage\(\(\) => import\('[^']+'\), \[([^\]]*)\]\)/g)].map((m) => [
      m[1] as string,
      [...(m[2] as string).matchAll(/'(\w+)'/g)].map((n) => n[1] as string),
    ]),
  );
}

/**
 * Which files each page needs beyond the entry: its lazy chunk, the chunks that chunk imports and its CSS, keyed by
 * one regular expression over the paths (without the language prefix) that show the page.
 */
function pagePreloads(bundle: Rollup.OutputBundle): Record<string, [string, string[]]> {
  const pagesSource = readFileSync(new URL('./src/app/pages.ts', import.meta.url), 'utf8');
  const modules = new Map(
    [...pagesSource.matchAll(/(\w+): lazyPage\(\(\) => import\('([^']+)'\)(?:, \[[^\]]*\])?\)/g)].map((m) => [
      m[1] as string,
      (m[2] as string).replace(/^(\.\.\/)+|^\.\//, ''),
    ]),
  );
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const entryGraph = new Set<string>();
  const walk = (fileName: string, into: Set<string>) => {
    if (into.has(fileName) || entryGraph.has(fileName)) return;
    into.add(fileName);
    for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) walk(imported, into);
  };
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) walk(entry.fileName, entryGraph);

  const byPage: Record<string, [string, string[]]> = {};
  for (const route of ROUTES) {
    const module = route.page && !route.redirect ? modules.get(route.page) : undefined;
    if (!route.page || !module || route.path.includes('*')) continue;
    const chunk = chunks.find((item) => item.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
    if (!chunk) continue;
    const files = new Set<string>();
    walk(chunk.fileName, files);
    const css = [...files].flatMap(
      (file) => [...(chunks.find((item) => item.fileName === file)?.viteMetadata?.importedCss ?? [])] as string[],
    );
    const pattern = `${pathPattern(route.path)}/?`;
    const known = byPage[route.page];
    byPage[route.page] = known ? [`${known[0]}|${pattern}`, known[1]] : [pattern, [...files, ...css]];
  }
  return byPage;
}

/**
 * Before any script runs, an inline script in <head> puts the document's language, direction and theme in place,
 * links the Bootstrap stylesheet of that direction, preloads the translations of that language (the fallbacks are
 * read only when one of its files cannot be), and preloads the lazy chunk of the page being opened with its imports and CSS, so
 * the first paint waits for one round of downloads instead of three.
 */
function earlyHead(): Plugin {
  return {
    name: 'hunab-early-head',
    /**
     * The same facts for the server, which renders a page's HTML and so writes real links in place of the script:
     * dist/head.json holds the two Bootstrap stylesheets, the namespaces, the files of each page by name and the
     * public pages a search engine is shown.
     */
    writeBundle(options, bundle) {
      const assets = Object.values(bundle).filter((item) => item.type === 'asset');
      const find = (name: string) =>
        assets.find((asset) => (asset.originalFileNames ?? []).some((original) => original.endsWith(name)))?.fileName;
      const pages = Object.fromEntries(Object.entries(pagePreloads(bundle)).map(([page, [, files]]) => [page, files]));
      const head = {
        ltr: find('bootstrap.min.css'),
        rtl: find('bootstrap.rtl.min.css'),
        namespaces: NAMESPACES,
        pages,
        pageNamespaces: pageNamespaces(),
        // What /sitemap.xml lists in every language and what /robots.txt keeps crawlers out of.
        crawl: { pages: indexablePaths(), closed: closedPaths() },
        // The addresses the app has a page or a redirect for, without and after a language prefix: any other
        // address is answered 404 (with the app's not-found page).
        routes: {
          root: ROUTES.map((route) => pathPattern(route.path)),
          localized: ROUTES.filter((route) => route.localized).map((route) => pathPattern(route.path)),
        },
      };
      writeFileSync(join(options.dir ?? 'dist', 'head.json'), `${JSON.stringify(head, null, 2)}\n`);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const assets = Object.values(ctx.bundle ?? {}).filter((item) => item.type === 'asset');
        const find = (name: string) =>
          assets.find((asset) => (asset.originalFileNames ?? []).some((original) => original.endsWith(name)))?.fileName;
        const ltr = find('bootstrap.min.css');
        const rtl = find('bootstrap.rtl.min.css');
        if (!ltr || !rtl || !ctx.bundle) return html;
        const pages = JSON.stringify(Object.values(pagePreloads(ctx.bundle)));
        const script = `(function(){var d=document,h=d.documentElement,s=location.pathname.split('/')[1]||'';
var lang=['en','es','pt','de','ja','zh','ar'].indexOf(s)<0?'ru':s,rtl=lang==='ar';h.lang=lang;h.dir=rtl?'rtl':'ltr';
try{h.dataset.bsTheme=localStorage.getItem('theme')==='light'?'light':'dark'}catch(e){}
function link(rel,href,as){var l=d.createElement('link');l.rel=rel;l.href=href;if(as){l.as=as;l.crossOrigin='anonymous'}d.head.append(l);return l}
var b=link('stylesheet',rtl?'/${rtl}':'/${ltr}');b.id='bootstrap-css';d.head.prepend(b);
${JSON.stringify(NAMESPACES)}.forEach(function(n){link('preload','/locales/'+lang+'/'+n+'.json','fetch')});
var path=lang==='ru'?location.pathname:location.pathname.slice(lang.length+1)||'/';
${pages}.some(function(p){if(!new RegExp('^(?:'+p[0]+')$').test(path))return false;p[1].forEach(function(f){/[.]css$/.test(f)?link('preload','/'+f,'style'):link('modulepreload','/'+f)});return true})})();`;
        // A function, so `$'` and `$&` in the script are not read as replacement patterns.
        // Between markers, so the server can put its own links in the script's place.
        return html.replace(
          '</title>',
          () => `</title>\n    <!--early-head--><script>${script.replaceAll('\n', '')}</script><!--/early-head-->`,
        );
      },
    },
  };
}

/**
 * The modules the app's entry imports statically, at any depth, go into one chunk: they all load with the first
 * page anyway, and one file compresses better and costs the browser one fetch and compile instead of two dozen
 * (the bundler would otherwise split out every module a lazy page shares with the entry). Zod and the other
 * packages reached only through the workspace packages' index files are not followed, and neither are the parts of
 * a package that its index file re-exports but only lazy pages use (`LAZY_ONLY`): grouped with the entry, they would
 * load with every first page.
 */
const LAZY_ONLY =
  /[\\/]node_modules[\\/](?:react-i18next[\\/]dist[\\/]es[\\/](?:Trans|TransWithoutContext|IcuTrans|IcuTransWithoutContext|withTranslation|Translation|withSSR|useSSR)\.js|html-parse-stringify[\\/]|void-elements[\\/]|@tanstack[\\/](?:query-core|react-query)[\\/]build[\\/]modern[\\/](?:infiniteQueryObserver|mutationObserver|useMutation|useInfiniteQuery)\.js)/;

function firstRouteChunk() {
  const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
  let firstRoute: Set<string> | null = null;
  return (id: string, context: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) => {
    if (!firstRoute) {
      const reached = new Set<string>();
      const queue = [entry];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        if (reached.has(next)) continue;
        reached.add(next);
        if (/[\\/]packages[\\/]/.test(next)) continue;
        queue.push(...(context.getModuleInfo(next)?.importedIds ?? []));
      }
      firstRoute = reached;
    }
    // The workspace packages stay out: their index files re-export schemas and names the first page never runs,
    // which only tree-shaking per module leaves out.
    return firstRoute.has(id) && !/[\\/]packages[\\/]/.test(id) && !LAZY_ONLY.test(id) ? 'app' : null;
  };
}

/**
 * React Router's package sends every bundler its development build (its exports name no production condition); that
 * build differs only in checking and warning about route trees on every render. The production build is the same
 * code with those checks off.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: isSsrBuild ? [react()] : [react(), buildVersion(), serviceWorker(), earlyHead()],
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
    __BUILD_ID__: JSON.stringify(buildId),
    // The server's renderer carries its packages inside, in their production builds.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  ssr: { noExternal: true },
  resolve: {
    alias: [
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
      // The browser's zod checks without compiling code, which the Content-Security-Policy forbids.
      ...(isSsrBuild
        ? []
        : [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-browser.ts', import.meta.url)) }]),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: isSsrBuild
    ? // The server's renderer of the pages (src/entry-server.tsx); packages stay imports of node_modules.
      // One file, so the server can load a rebuilt one beside the old (an import with another query string).
      {
        outDir: 'dist-server',
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
        rollupOptions: { output: { inlineDynamicImports: true } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: firstRouteChunk() }] } } },
      },
}));
