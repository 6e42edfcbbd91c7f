import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The local server (npm run dev at the root) answers the API and /config.json on port 4000.
const localServer = 'http://localhost:4000';

export default defineConfig({
  plugins: [react()],
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
  },
});
