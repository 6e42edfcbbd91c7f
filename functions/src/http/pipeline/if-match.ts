/**
 * The `If-Match` precondition of a conditional write (shared/api/entity-tags): read from the
 * request (400 when malformed), then checked against the revision the handler read (412 when it
 * changed). The write itself stays conditioned on that same revision, so a change between the
 * check and the write fails it too.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import {
  ETAG_HEADER,
  entityTagOf,
  ifMatchAllows,
  MALFORMED_IF_MATCH_MESSAGE,
  parseIfMatch,
  type IfMatch,
} from '@expiry-radar/shared/api/entity-tags';
import { AppError, badRequest } from '../../platform/app-error';

/** The request's `If-Match`, or undefined without one (the write then goes ahead as before). */
export function ifMatchOf(event: APIGatewayProxyEventV2): IfMatch | undefined {
  const value = event.headers?.['if-match'];
  if (value === undefined) return undefined;
  const ifMatch = parseIfMatch(value);
  if (!ifMatch) throw badRequest(MALFORMED_IF_MATCH_MESSAGE);
  return ifMatch;
}

/** Refuses with 412 and `message` unless the precondition, if any, holds at `updatedAt`. */
export function requireMatch(
  ifMatch: IfMatch | undefined,
  updatedAt: string | null,
  message: string,
): void {
  if (ifMatch && !ifMatchAllows(ifMatch, updatedAt)) {
    throw new AppError('PRECONDITION_FAILED', message);
  }
}

/** The `ETag` header of an answer that carries the revision `updatedAt`. */
export function entityTagHeader(updatedAt: string | null): Record<string, string> {
  return { [ETAG_HEADER]: entityTagOf(updatedAt) };
}
