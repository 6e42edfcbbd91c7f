/**
 * Ids in requests (workspaces, tokens, members, alerts). None of ours is longer than 200
 * characters, and a longer one would make a table key past DynamoDB's key size: it is refused
 * as input rather than failing at the table.
 */
import * as z from 'zod';
import { VALIDATION_MESSAGES } from './validation-messages';

export const ID_MAX_LENGTH = 200;

export const WORKSPACE_ID_TOO_LONG = `Workspace id must be ${ID_MAX_LENGTH} characters or less`;

/** A workspace named in a body or query string: required, trimmed, at most ID_MAX_LENGTH. */
export function workspaceIdSchema(requiredMessage: string = VALIDATION_MESSAGES.workspaceRequired) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(ID_MAX_LENGTH, WORKSPACE_ID_TOO_LONG);
}
