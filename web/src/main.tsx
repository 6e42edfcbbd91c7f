import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initAnalytics } from './lib/analytics';
import { logger } from './lib/logger';
import { installPreloadErrorRecovery } from './lib/preload-error';
import { loadRuntimeConfig } from './lib/runtime-config';

installPreloadErrorRecovery();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Runtime settings first (never fails: defaults on any problem), then the app.
void loadRuntimeConfig().then((config) => {
  // Analytics only when both key and host are set; posthog-js loads in its own chunk.
  initAnalytics(config).catch((error: unknown) => logger.warn('Analytics failed', error));
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
