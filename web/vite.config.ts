import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type IndexHtmlTransformContext, type Plugin } from 'vite';
import { classicEntryPlugin } from './vite-plugins/classic-entry';
import { withCompileHint } from './vite-plugins/compile-hint';

// The local server (npm run dev at the root) answers the API and /config.json on port 4000.
const localServer = 'http://localhost:4000';

const alias = {
  '@expiry-radar/shared': fileURLToPath(new URL('../shared/src', import.meta.url)),
};

const START_READS_SOURCE = '/src/start-reads.ts';

/** src/start-reads.ts as one self-contained, minified classic script. */
async function startReadsScript(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: {
      alias: [
        ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
        // route-location.ts reads the settings through runtime-config.ts in the app; here the same
        // function comes from the module that holds it, without the settings' zod checks.
        {
          find: /^\.\/runtime-config$/,
          replacement: fileURLToPath(
            new URL('./src/lib/current-runtime-config.ts', import.meta.url),
          ),
        },
      ],
    },
    build: {
      write: false,
      emptyOutDir: false,
      minify: true,
      lib: {
        entry: fileURLToPath(new URL(`.${START_READS_SOURCE}`, import.meta.url)),
        formats: ['iife'],
        name: 'expiryRadarStartReads',
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((output) =>
    'output' in output ? output.output : [],
  );
  const chunk = outputs.find((output) => output.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('start-reads.ts built to no script');
  return chunk.code;
}

const START_READS_ASSET = 'start-reads.js';

/**
 * Puts src/start-reads.ts first in index.html: in a build, as a self-contained classic script of
 * its own (assets/start-reads-[hash].js, `async`: it runs as soon as it has loaded, before the
 * app's entry has loaded and run); in development as a module script. It shares no module with
 * the app's chunks (an entry of the app's own build would split the app's chunks differently and
 * make every page's JavaScript larger): the state the two share (the answers asked for ahead, the
 * settings' request) is kept on `globalThis` (requests-ahead.ts, current-runtime-config.ts).
 */
function startReadsFirst(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  return {
    name: 'expiry-radar:start-reads-first',
    configResolved(config) {
      command = config.command;
    },
    async buildStart() {
      if (command !== 'build') return;
      this.emitFile({ type: 'asset', name: START_READS_ASSET, source: await startReadsScript() });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) {
          return [
            {
              tag: 'script',
              attrs: { type: 'module', src: START_READS_SOURCE },
              injectTo: 'head-prepend',
            },
          ];
        }
        const asset = Object.values(context.bundle).find(
          (output) => output.type === 'asset' && output.names.includes(START_READS_ASSET),
        );
        if (!asset) throw new Error(`No ${START_READS_ASSET} in the bundle`);
        // The dashboard route's chunks, for the script to preload there (src/start-reads.ts).
        const dashboardChunks = dashboardRouteChunkFiles(context.bundle);
        return [
          {
            tag: 'script',
            attrs: {
              async: true,
              src: `/${asset.fileName}`,
              'data-dashboard-chunks': dashboardChunks.map((file) => `/${file}`).join(' '),
            },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/** The nodes a walk of `next` reaches from `roots`, the roots included. */
function reachableFrom(
  roots: readonly string[],
  next: (node: string) => readonly string[],
): ReadonlySet<string> {
  const found = new Set<string>();
  const pending = [...roots];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (found.has(node)) continue;
    found.add(node);
    pending.push(...next(node));
  }
  return found;
}

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/** The module every page with forms loads beside its own (web/src/lib/validation-messages-loader.ts). */
const FORM_PAGES_MODULE = /[\\/]shared[\\/]src[\\/]errors[\\/]validation-messages\.ts$/;

/**
 * The files of the dashboard route's chunk, of the validation wording's chunk its page waits for
 * too (app-routes `lazyPage`), and of the chunks they import statically (directly or not) that
 * the entry does not: what the route's first render waits for beyond the entry, which
 * index.html already loads with its own static imports. A browser's module preload fetches the
 * one file it names, not what that file imports, so each is named.
 */
function dashboardRouteChunkFiles(bundle: Bundle): string[] {
  const chunks = Object.values(bundle).flatMap((output) =>
    output.type === 'chunk' ? [output] : [],
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const importedFrom = (root: string) =>
    reachableFrom([root], (file) => byFile.get(file)?.imports ?? []);
  const route = chunks.find((chunk) => chunk.name === DASHBOARD_ROUTE_CHUNK);
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!route || !entry) return [];
  const loadedWithEntry = importedFrom(entry.fileName);
  const formPages = chunks.filter(
    (chunk) => chunk.facadeModuleId !== null && FORM_PAGES_MODULE.test(chunk.facadeModuleId),
  );
  const waitedFor = new Set(
    [route, ...formPages].flatMap((chunk) => [...importedFrom(chunk.fileName)]),
  );
  return [...waitedFor].filter((file) => !loadedWithEntry.has(file));
}

/**
 * The dashboard route's chunks (dashboardRouteChunkFiles) start with V8's compile hint: its first
 * render calls most of their functions, which are then compiled on the thread that streams each
 * chunk as it is preloaded, not one by one on the main thread during that render.
 */
function compileDashboardChunksAtLoad(): Plugin {
  return {
    name: 'expiry-radar:compile-dashboard-chunks-at-load',
    apply: 'build',
    // Once the files are written: Vite puts a chunk's list of dependencies ahead of its code as
    // it generates the bundle, and the hint has to come first.
    writeBundle(options, bundle) {
      for (const file of dashboardRouteChunkFiles(bundle)) {
        const path = join(options.dir ?? 'dist', file);
        writeFileSync(path, withCompileHint(readFileSync(path, 'utf8')));
      }
    },
  };
}

/**
 * The font files of the text every page shows first (src/app/theme/fonts.ts): body text and bold
 * cells (Montserrat 400, 600, 700) and headings (Archivo 600, 700). Without a preload the browser
 * asks for a font only once a first layout has found text that uses it, then lays the page out
 * and paints it again when it arrives.
 */
const FIRST_SCREEN_FONTS = [
  'montserrat-latin-400-normal',
  'montserrat-latin-600-normal',
  'montserrat-latin-700-normal',
  'archivo-latin-600-normal',
  'archivo-latin-700-normal',
];

/** Preloads FIRST_SCREEN_FONTS from index.html (a build's hashed files). */
function preloadFirstScreenFonts(): Plugin {
  return {
    name: 'expiry-radar:preload-first-screen-fonts',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        return FIRST_SCREEN_FONTS.map((font) => {
          const asset = Object.values(context.bundle ?? {}).find(
            (output) =>
              output.type === 'asset' && output.names.some((name) => name === `${font}.woff2`),
          );
          if (!asset) throw new Error(`No ${font}.woff2 in the bundle`);
          return {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${asset.fileName}`,
              crossorigin: true,
            },
            injectTo: 'head',
          };
        });
      },
    },
  };
}

/**
 * The dashboard's route in one chunk (`dashboard-route`): every module its lazy parts import
 * statically (the app shell, the page, the first reads), but those already in the start-up chunk.
 * One file rather than the sixty the bundler would make of them: a page that starts on the
 * dashboard fetched those one after another as each arrived and named the next, and they were what
 * its first render waited for longest. The page's first script preloads it (src/start-reads.ts).
 * Other signed-in pages that share some of its modules (MUI's components, the forms) load it too.
 * The landing page does not (its JavaScript has a budget): the modules both routes import are a
 * chunk of their own (`landing-and-dashboard`), which both load. zod is left to the bundler: its
 * entry imports every part of it (the JSON Schema conversion too), most of which neither uses.
 * Each group takes only the modules its test names (`includeDependenciesRecursively: false`): by
 * default a group also takes everything its modules import, the landing's modules among them.
 */
const DASHBOARD_ROUTE_CHUNK = 'dashboard-route';
const fromWeb = (modules: readonly string[]) =>
  modules.map((module) => fileURLToPath(new URL(module, import.meta.url)));
const DASHBOARD_ROUTE_ROOTS = fromWeb([
  './src/app/layout/app-shell.tsx',
  './src/features/dashboard/dashboard-page.tsx',
  './src/features/dashboard/dashboard-first-reads.ts',
]);
const LANDING_ROUTE_ROOTS = fromWeb(['./src/features/landing/landing-page.tsx']);
/**
 * Modules whose imports are not walked: MUI's high-contrast helper, which nothing here calls, is
 * imported by the `@mui/material/styles` index that both routes import, and imports the classes of
 * fifteen input components (and with them the input's own module). Walked through, they all
 * counted as the landing's.
 */
const NEVER_CALLED = /[\\/]@mui[\\/]material[\\/]styles[\\/]enhanceHighContrast\.m?js$/;

/**
 * The build's static imports, module by module, as the bundler parses them, and the modules a set
 * of roots imports statically (directly or not), for a chunk group's test (which sees module ids
 * only). Chunks are made once every module is parsed.
 */
function staticImports() {
  const importsOf = new Map<string, readonly string[]>();
  const plugin: Plugin = {
    name: 'expiry-radar:static-imports',
    moduleParsed(module) {
      importsOf.set(module.id, module.importedIds);
    },
  };
  const importedFrom = (roots: readonly string[]) =>
    reachableFrom(roots, (id) => (NEVER_CALLED.test(id) ? [] : (importsOf.get(id) ?? [])));
  return { plugin, importedFrom };
}

const moduleGraph = staticImports();
let dashboardRouteModules: ReadonlySet<string> | undefined;
let landingRouteModules: ReadonlySet<string> | undefined;
const inDashboardRoute = (id: string) =>
  (dashboardRouteModules ??= moduleGraph.importedFrom(DASHBOARD_ROUTE_ROOTS)).has(id);
const inLandingRoute = (id: string) =>
  (landingRouteModules ??= moduleGraph.importedFrom(LANDING_ROUTE_ROOTS)).has(id);
const isZod = (id: string) => /node_modules[\\/]zod[\\/]/.test(id);

export default defineConfig({
  plugins: [
    react(),
    moduleGraph.plugin,
    startReadsFirst(),
    preloadFirstScreenFonts(),
    classicEntryPlugin(),
    compileDashboardChunksAtLoad(),
  ],
  resolve: { alias },
  server: {
    proxy: {
      '/api': localServer,
      '/auth': localServer,
      '/config.json': localServer,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // Emotion imports hoist-non-react-statics bare, beside the withTheme that uses it and that
        // the app never calls: as a CommonJS module without a sideEffects field it would stay in
        // the start-up chunk (3 KB) unused. Imported for what it exports, it is kept as usual.
        moduleSideEffects: (id: string) => !id.includes('/node_modules/hoist-non-react-statics/'),
      },
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // The modules the entry imports statically (React, MUI's core, the router, the query
          // client) in one chunk rather than the eleven the bundler would make of them: every
          // page loads all of them anyway, and one file is fewer requests and compresses better.
          groups: [
            { name: 'start-up', tags: ['$initial'], priority: 3 },
            {
              name: 'landing-and-dashboard',
              test: (id: string) => inLandingRoute(id) && inDashboardRoute(id) && !isZod(id),
              priority: 2,
            },
            {
              name: DASHBOARD_ROUTE_CHUNK,
              test: (id: string) => inDashboardRoute(id) && !inLandingRoute(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
