/**
 * The headers the web app is served with, the same wherever it runs: CloudFront's response
 * headers policy when deployed (infra/stacks/web-stack.ts), the local server as it runs locally
 * (functions/src/local/local-server.ts), so that what the policy blocks shows locally too.
 */

/**
 * Browser features the app never uses, switched off for it and anything it might embed. Stripe
 * is reached by redirecting to Checkout and the billing portal, so not even payment is needed.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/** Profile pictures of Google accounts (the `picture` claim of Google sign-in). */
export const GOOGLE_AVATAR_ORIGIN = 'https://lh3.googleusercontent.com';

/**
 * What the SPA loads, and nothing more. MUI/emotion inject <style> elements at run time, hence
 * 'unsafe-inline' for styles only. Fonts are bundled (@fontsource, served as files of the build).
 * Images are the app's own, Google profile pictures as avatars (an avatar that fails to load
 * shows the user's initial instead), and `data:` images: the two-factor setup's QR code is one,
 * made by the API (an image cannot run script, so `data:` is allowed for images only). Stripe is
 * a redirect to its own pages,
 * never a script or frame here. The analytics host (empty: none) is allowed only when configured.
 */
export function contentSecurityPolicy({ analyticsHost }: { analyticsHost: string }): string {
  const connect = ["'self'"];
  if (analyticsHost) connect.push(analyticsHost);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    `img-src 'self' data: ${GOOGLE_AVATAR_ORIGIN}`,
    `connect-src ${connect.join(' ')}`,
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}
