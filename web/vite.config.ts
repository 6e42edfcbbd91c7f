import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The local server (npm run dev at the root) answers the API and /config.json on port 4000.
const localServer = 'http://localhost:4000';

const START_READS_ENTRY = 'start-reads';
const START_READS_SOURCE = '/src/start-reads.ts';

/**
 * Puts src/start-reads.ts in index.html before the app's entry, as an entry of its own: Vite joins
 * every module script of a page into one entry, and the first reads must not wait for the app's
 * code to be fetched and run. Its chunks (and so its module instances) are shared with the app's.
 */
function startReadsFirst(): Plugin {
  return {
    name: 'expiry-radar:start-reads-first',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const entry = context.bundle
          ? Object.values(context.bundle).find(
              (output) =>
                output.type === 'chunk' && output.isEntry && output.name === START_READS_ENTRY,
            )
          : undefined;
        if (context.bundle && entry?.type !== 'chunk') {
          throw new Error(`No ${START_READS_ENTRY} entry in the bundle`);
        }
        const base = context.bundle ? '/' : '';
        return [
          ...(entry?.type === 'chunk'
            ? entry.imports.map((file) => ({
                tag: 'link',
                attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
                injectTo: 'head-prepend' as const,
              }))
            : []),
          {
            tag: 'script',
            attrs: {
              type: 'module',
              crossorigin: true,
              src: entry?.type === 'chunk' ? `${base}${entry.fileName}` : START_READS_SOURCE,
            },
            injectTo: 'head-prepend' as const,
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), startReadsFirst()],
  resolve: {
    alias: {
      '@expiry-radar/shared': fileURLToPath(new URL('../shared/src', import.meta.url)),
    },
  },
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
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        [START_READS_ENTRY]: fileURLToPath(new URL(`.${START_READS_SOURCE}`, import.meta.url)),
      },
    },
  },
});
