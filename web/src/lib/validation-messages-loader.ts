import { importWithPreloadErrorEvent } from './preload-error';

let installed: Promise<void> | undefined;

/**
 * Installs the product's words for a refusal whose schema gives none of its own
 * (shared/errors/validation-messages, as the API does), once, from a chunk of their own: every
 * page with a form waits for it before it shows (app-routes `lazyPage`), and the landing page,
 * which has none, leaves it out of the JavaScript a first visit loads.
 */
export function installValidationMessages(): Promise<void> {
  installed ??= importWithPreloadErrorEvent(
    () => import('@expiry-radar/shared/errors/validation-messages'),
  ).then(({ installProductValidationMessages }) => installProductValidationMessages());
  return installed;
}
