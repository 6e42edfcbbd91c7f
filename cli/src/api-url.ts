/**
 * The Expiry Radar API's address, checked wherever it comes from (`--api-url`,
 * `EXPIRY_RADAR_API_URL`, what `login` stored) before anything is sent to it.
 */
import { CliError, EXIT } from './exit-codes.js';

const EXAMPLE = 'https://expiry-radar.example.com';

/** The address without trailing slashes; `source` names where it came from in the refusal. */
export function checkedApiUrl(value: string, source: string): string {
  // `localhost:4000` parses too, as a URL of the scheme "localhost:".
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new CliError(
      EXIT.usage,
      `${source} must be an http:// or https:// URL, e.g. ${EXAMPLE}: got ${JSON.stringify(value)}`,
      { showHelp: false },
    );
  }
  return value.replace(/\/+$/, '');
}
