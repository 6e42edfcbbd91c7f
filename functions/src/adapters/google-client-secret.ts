import type { GoogleSignInConfig } from '../platform/config';
import { getSsmClient, loadSsm } from '../platform/aws-clients';

let cachedSecret: Promise<string> | undefined;

/**
 * The Google client secret: GOOGLE_CLIENT_SECRET when set (locally, from .env), otherwise the
 * SSM SecureString parameter named by GOOGLE_CLIENT_SECRET_PARAMETER, read once per container.
 */
export function getGoogleClientSecret(google: GoogleSignInConfig): Promise<string> {
  if (google.clientSecret) return Promise.resolve(google.clientSecret);
  const parameterName = google.clientSecretParameter;
  if (!parameterName) return Promise.reject(new Error('Google sign-in is not configured'));
  cachedSecret ??= getSsmClient()
    .send(new (loadSsm().GetParameterCommand)({ Name: parameterName, WithDecryption: true }))
    .then(({ Parameter }) => {
      if (!Parameter?.Value) throw new Error(`SSM parameter ${parameterName} has no value`);
      return Parameter.Value;
    });
  cachedSecret.catch(() => {
    cachedSecret = undefined;
  });
  return cachedSecret;
}
