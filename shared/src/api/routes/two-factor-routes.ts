/** Two-factor authentication: this area's routes of the route table (route-table.ts), keyed by id. */
import type { RouteDefinition } from '../route-definition';
import {
  confirmTwoFactorBody,
  disableTwoFactorBody,
  recoveryCodesResponse,
  regenerateRecoveryCodesBody,
  startTwoFactorBody,
  startTwoFactorResponse,
  twoFactorStatusResponse,
  verifyTwoFactorBody,
  verifyTwoFactorResponse,
} from '../two-factor-api-schemas';
import { okResponse } from '../common-schemas';

export const twoFactorRoutes = {
  verifyTwoFactorSignIn: {
    id: 'verifyTwoFactorSignIn',
    method: 'POST',
    path: '/auth/two-factor',
    auth: 'public',
    summary:
      "The sign-in's second step: a code from the authenticator app or a recovery code, with the pending sign-in cookie that the password (or Google) step set; starts the session. 5 wrong codes lock it for 15 minutes.",
    request: { body: verifyTwoFactorBody },
    response: verifyTwoFactorResponse,
  },
  getTwoFactorStatus: {
    id: 'getTwoFactorStatus',
    method: 'GET',
    path: '/api/account/two-factor',
    auth: 'session',
    summary: 'Whether two-factor authentication is on, and how many recovery codes are left.',
    response: twoFactorStatusResponse,
  },
  startTwoFactorEnrolment: {
    id: 'startTwoFactorEnrolment',
    method: 'POST',
    path: '/api/account/two-factor/enrolment',
    auth: 'session',
    summary:
      'A new authenticator secret (QR code, URI and text) to confirm with a code; needs the password, or a recent sign-in for accounts without one.',
    request: { body: startTwoFactorBody },
    response: startTwoFactorResponse,
  },
  confirmTwoFactorEnrolment: {
    id: 'confirmTwoFactorEnrolment',
    method: 'POST',
    path: '/api/account/two-factor/enrolment/confirm',
    auth: 'session',
    summary:
      'Turns two-factor authentication on with a code from the app; answers 10 recovery codes, shown once.',
    request: { body: confirmTwoFactorBody },
    response: recoveryCodesResponse,
  },
  regenerateRecoveryCodes: {
    id: 'regenerateRecoveryCodes',
    method: 'POST',
    path: '/api/account/two-factor/recovery-codes',
    auth: 'session',
    summary: 'Replaces the recovery codes with 10 new ones (password or a current code).',
    request: { body: regenerateRecoveryCodesBody },
    response: recoveryCodesResponse,
  },
  disableTwoFactor: {
    id: 'disableTwoFactor',
    method: 'DELETE',
    path: '/api/account/two-factor',
    auth: 'session',
    summary: 'Turns two-factor authentication off (password and a current code).',
    request: { body: disableTwoFactorBody },
    response: okResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
