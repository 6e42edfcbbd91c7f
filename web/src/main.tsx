import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installPreloadErrorRecovery } from './lib/preload-error';
import { loadRuntimeConfig } from './lib/runtime-config';

installPreloadErrorRecovery();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Runtime settings first (never fails: defaults on any problem), then the app.
void loadRuntimeConfig().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
