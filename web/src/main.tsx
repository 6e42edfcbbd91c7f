// First: zod's settings apply to the schemas the modules below make as they load.
import './lib/zod-settings';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router/app-routes';
import { initAnalytics } from './lib/analytics';
import { logger } from './lib/logger';
import { createQueryClient } from './lib/query-client';
import { installPreloadErrorRecovery } from './lib/preload-error';
import { loadRuntimeConfig } from './lib/runtime-config';

installPreloadErrorRecovery();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Runtime settings first (never fails: defaults on any problem), then the app. The router starts
// meanwhile: it loads the route's chunks, and a route that reads ahead (the dashboard) fills the
// query cache once the settings (the API's address) are in.
const settingsLoaded = loadRuntimeConfig();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

void settingsLoaded.then((config) => {
  // Analytics only when both key and host are set; posthog-js loads in its own chunk.
  initAnalytics(config).catch((error: unknown) => logger.warn('Analytics failed', error));
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
});
