/** Accounts (/auth/*): this area's routes of the route table (route-table.ts), keyed by id. */
import type { RouteDefinition } from '../route-definition';
import {
  accountDeletionPreviewResponse,
  deleteAccountBody,
  googleCallbackQuery,
  googleSignInQuery,
  loginBody,
  registerBody,
  registrationStatusResponse,
  requestPasswordResetBody,
  resendVerificationBody,
  resetPasswordBody,
  sessionResponse,
  updateAccountBody,
  userResponse,
  verifyEmailQuery,
} from '../auth-schemas';
import { okResponse, redirectResponse } from '../common-schemas';
import { listSessionsResponse, sessionParams } from '../session-api-schemas';

export const accountRoutes = {
  login: {
    id: 'login',
    method: 'POST',
    path: '/auth/login',
    auth: 'public',
    summary: 'Signs in with email and password; sets a new session cookie. Rate limited.',
    request: { body: loginBody },
    response: sessionResponse,
  },
  register: {
    id: 'register',
    method: 'POST',
    path: '/auth/register',
    auth: 'public',
    summary:
      'Creates an account and sends its verification email (sign in once verified); for an address that has an account, emails its owner instead. Answers 202 either way, in the same time. Rate limited.',
    request: { body: registerBody },
    response: okResponse,
    successStatus: 202,
  },
  getRegistrationStatus: {
    id: 'getRegistrationStatus',
    method: 'GET',
    path: '/auth/registration',
    auth: 'public',
    summary:
      "Whether the account this browser's registration created (the registration cookie) has verified its address, and then that address; verified false for no cookie, an expired one, or an address that already had an account. Starts no session. Rate limited.",
    response: registrationStatusResponse,
  },
  logout: {
    id: 'logout',
    method: 'POST',
    path: '/api/logout',
    auth: 'public',
    summary: 'Revokes the session (if any) and clears its cookie; idempotent.',
    response: okResponse,
  },
  updateAccount: {
    id: 'updateAccount',
    method: 'PUT',
    path: '/auth/account',
    auth: 'session',
    summary:
      'Updates the display name, the email (verified again) and/or the password (with the current one).',
    request: { body: updateAccountBody },
    response: userResponse,
  },
  getAccountDeletionPreview: {
    id: 'getAccountDeletionPreview',
    method: 'GET',
    path: '/auth/account/deletion',
    auth: 'session',
    summary:
      'What deleting the account would do to each workspace it owns: its members, its tokens, and who takes it over (or that it is deleted).',
    response: accountDeletionPreviewResponse,
  },
  listSessions: {
    id: 'listSessions',
    method: 'GET',
    path: '/auth/sessions',
    auth: 'session',
    summary:
      "The caller's active sessions, newest first: an opaque id, when each started, was last used (written at most once an hour) and expires, its device and sign-in method, and which is the current one.",
    response: listSessionsResponse,
  },
  revokeSession: {
    id: 'revokeSession',
    method: 'DELETE',
    path: '/auth/sessions/{id}',
    auth: 'session',
    summary:
      "Signs out one of the caller's other sessions (by the list's id): its cookie no longer signs in. 404 for an id that is not one of the caller's sessions, 400 for the current session (sign out instead).",
    request: { params: sessionParams },
    response: okResponse,
  },
  deleteAccount: {
    id: 'deleteAccount',
    method: 'DELETE',
    path: '/auth/account',
    auth: 'session',
    summary:
      'Deletes the account with its sessions and memberships. Each owned workspace passes to the member named in `successors`, else to an admin or the longest-standing workspace manager, else is deleted (its members are emailed). Needs the password or a sign-in within the last 10 minutes.',
    request: { body: deleteAccountBody },
    response: okResponse,
  },
  verifyEmail: {
    id: 'verifyEmail',
    method: 'GET',
    path: '/auth/verify-email',
    auth: 'public',
    summary:
      'The link of the verification email: verifies and redirects to /dashboard?verification_success=true; the link of an email change completes it and redirects to /dashboard?email_changed=true (either, else /verify-email?error=invalid).',
    request: { query: verifyEmailQuery },
    response: redirectResponse,
  },
  resendVerification: {
    id: 'resendVerification',
    method: 'POST',
    path: '/auth/verify-email/resend',
    auth: 'session',
    summary: "Sends the verification email again to the session's address. Rate limited.",
    request: { body: resendVerificationBody },
    response: okResponse,
  },
  requestPasswordReset: {
    id: 'requestPasswordReset',
    method: 'POST',
    path: '/auth/reset-password/request',
    auth: 'public',
    summary: 'Emails a reset link if the account exists; always answers ok. Rate limited.',
    request: { body: requestPasswordResetBody },
    response: okResponse,
  },
  resetPassword: {
    id: 'resetPassword',
    method: 'POST',
    path: '/auth/reset-password',
    auth: 'public',
    summary: "Sets a new password from a reset link's token and revokes every session.",
    request: { body: resetPasswordBody },
    response: okResponse,
  },
  googleSignIn: {
    id: 'googleSignIn',
    method: 'GET',
    path: '/auth/google',
    auth: 'public',
    summary: 'Redirects to Google sign-in.',
    request: { query: googleSignInQuery },
    response: redirectResponse,
  },
  googleCallback: {
    id: 'googleCallback',
    method: 'GET',
    path: '/auth/google/callback',
    auth: 'public',
    summary: 'Google returns here; signs in or registers, then redirects to the app.',
    request: { query: googleCallbackQuery },
    response: redirectResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
