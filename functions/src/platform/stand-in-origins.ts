/**
 * DISCOVERY_STAND_IN_ORIGINS: exact `http://127.0.0.1:<port>` origins (loopback only; anything
 * else in it is ignored) of stand-ins for outside services on the same machine. The deployment
 * rehearsal sets it in its emulated functions' environment, so that the bundles, with the
 * template's production settings, reach the stand-ins: the SSRF guard lets requests to them
 * through (adapters/guarded-http.ts), and the stand-in URLs of Stripe and Slack (STRIPE_API_URL,
 * SLACK_API_BASE_URL, SLACK_AUTHORIZE_URL), otherwise honoured outside production only, are
 * honoured when their origin is listed. No template sets it (infra's api and jobs stack tests), so
 * a deployment talks to the real services only.
 */

const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|\[::1\]):\d{1,5}$/;

/** The loopback origins of DISCOVERY_STAND_IN_ORIGINS (comma-separated). */
export function standInOrigins(value = process.env.DISCOVERY_STAND_IN_ORIGINS): Set<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => LOOPBACK_ORIGIN.test(origin)),
  );
}

/** Whether `urlText` is on an origin of DISCOVERY_STAND_IN_ORIGINS. */
export function isStandInUrl(urlText: string): boolean {
  if (!URL.canParse(urlText)) return false;
  return standInOrigins().has(new URL(urlText).origin);
}
