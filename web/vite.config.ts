import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

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
        // The app pages' chunk, for the script to preload on the dashboard (src/start-reads.ts).
        const appPages = Object.values(context.bundle).find(
          (output) => output.type === 'chunk' && output.name === APP_PAGES_CHUNK,
        );
        return [
          {
            tag: 'script',
            attrs: {
              async: true,
              src: `/${asset.fileName}`,
              'data-app-pages': appPages ? `/${appPages.fileName}` : undefined,
            },
            injectTo: 'head-prepend',
          },
        ];
      },
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
 * The chunk of the signed-in app's common code (MUI, emotion, the forms, zod, the query client's
 * hooks, the shared components and lib, the domain rules) and of the dashboard's route, the page
 * every user opens first. One file rather than the sixty the bundler would make of it: a page
 * that starts on the dashboard fetched those one after another as each arrived and named the next,
 * and they were what its first render waited for longest. Other signed-in pages load it too (it is
 * then cached), and their own chunks beside it; the landing page never does.
 */
const APP_PAGES_CHUNK = 'app-pages';
const APP_PAGES_MODULES =
  /node_modules[\\/](@mui|@emotion|react-hook-form|@hookform|@tanstack|react-transition-group|@popperjs|clsx|react-is|prop-types|zod)[\\/]|web[\\/]src[\\/](features[\\/](dashboard|tokens|workspaces|session|preferences|account|token-import)|components|lib|app)[\\/]|shared[\\/]src[\\/]/;

/**
 * Left out of it, as the app imports them only when it needs them (and the bundler would bring
 * their imports in with them): the route table, the answer schemas only it reads and the module
 * that names routes by URL (`call` loads them with its first call, src/lib/api-call.ts, after the
 * dashboard's first render), the analytics client and the welcome dialog.
 */
const LOADED_WHEN_NEEDED = [
  /shared[\\/]src[\\/]api[\\/](route-table|alert-queue-api-schemas|audit-api-schemas|billing-api-schemas|calendar-feed-api-schemas|two-factor-api-schemas|certificate-api-schemas|endpoint-api-schemas|invitation-api-schemas|token-api-schemas|openapi-document)\.ts$/,
  /web[\\/]src[\\/]lib[\\/](route-url|posthog-analytics)\.ts$/,
  /web[\\/]src[\\/]app[\\/]query-params[\\/]welcome-dialog\.tsx$/,
];

const inAppPagesChunk = (id: string) =>
  APP_PAGES_MODULES.test(id) && !LOADED_WHEN_NEEDED.some((later) => later.test(id));

export default defineConfig({
  plugins: [react(), startReadsFirst(), preloadFirstScreenFonts()],
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
      output: {
        codeSplitting: {
          // The modules the entry imports statically (React, MUI's core, the router, the query
          // client) in one chunk rather than the eleven the bundler would make of them: every
          // page loads all of them anyway, and one file is fewer requests and compresses better.
          groups: [
            { name: 'start-up', tags: ['$initial'], priority: 2 },
            {
              name: APP_PAGES_CHUNK,
              test: inAppPagesChunk,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
