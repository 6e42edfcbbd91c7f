/** Two-factor authentication through the real handlers, with codes computed from the secret. */
import { totpCodeAt } from '../src/domain/totp';
import { handler as confirmEnrolment } from '../src/http/two-factor/confirm-enrolment';
import { handler as startEnrolment } from '../src/http/two-factor/start-enrolment';
import { invoke } from './api-gateway-event';
import { routeRequest } from './workspace-fixtures';

/** The current code of a secret (the clock may be a fake one). */
export function currentCode(secret: string): string {
  return totpCodeAt(secret, new Date());
}

/** Starts and confirms an enrolment; the secret (to compute codes) and the recovery codes. */
export async function givenTwoFactor(cookie: string, password?: string) {
  const started = await invoke(
    startEnrolment,
    routeRequest('POST', '/api/account/two-factor/enrolment', {
      cookie,
      body: password ? { password } : {},
    }),
  );
  if (started.statusCode !== 200) throw new Error(`Enrolment failed: ${started.body}`);
  const { secret } = started.json as { secret: string };
  const confirmed = await invoke(
    confirmEnrolment,
    routeRequest('POST', '/api/account/two-factor/enrolment/confirm', {
      cookie,
      body: { code: currentCode(secret) },
    }),
  );
  if (confirmed.statusCode !== 200) throw new Error(`Confirmation failed: ${confirmed.body}`);
  const { recoveryCodes } = confirmed.json as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}
