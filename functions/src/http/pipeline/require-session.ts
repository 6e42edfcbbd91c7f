import { AppError } from '../../platform/app-error';
import type { SignedInSession } from './http-types';

/** The session of a route whose auth is not public (the stack has already checked it). */
export function requireSession(session: SignedInSession | undefined): SignedInSession {
  if (!session) throw new AppError('UNAUTHORIZED');
  return session;
}
