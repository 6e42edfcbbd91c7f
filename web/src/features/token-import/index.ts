/**
 * The token import's public entry: the dashboard's "Import" button and dialog (file, column
 * mapping, preview, progress, summary with the refused rows), and certificates of a PEM bundle
 * as rows of it.
 */
export { certificateSource } from './certificate-source';
export { ImportDialog } from './components/import-dialog-on-demand';
export { ImportTokensButton } from './components/import-tokens-button';
export type { ImportSource } from './import-source';
