import { ABSENT_FIELD_VALUES } from '@expiry-radar/shared/domain/token-alert-fields';
import type { Token } from '@expiry-radar/shared/domain/token';
import {
  updateTokenSchema,
  type TokenUpdate,
} from '@expiry-radar/shared/domain/update-token-schema';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { updateToken } from '../../data/token-mutations';
import { AppError } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireEditor, requireNotFrozen } from '../../services/workspaces/workspace-access';
import { requireKnownContactGroup } from '../../services/alerts/token-contact-group';
import { requireSession } from '../pipeline/require-session';
import { rawJsonBody } from '../pipeline/raw-json-body';
import { entityTagHeader, ifMatchOf, requireMatch } from '../pipeline/if-match';
import { loadTokenAccess, requireContactGroupAllowed } from '../../services/tokens/token-access';
import { requireEndpointsAllowed } from '../../services/endpoints/endpoint-rules';
import { checkSavedEndpoints } from '../../services/endpoints/saved-endpoint-checks';
import { requireMemberOwner } from '../../services/tokens/token-owner';
import { requireAdditionalContactGroupsAllowed } from '../../services/tokens/additional-contact-groups';
import { recordTokenEvent } from '../../services/tokens/token-audit';
import { withTokenWriteErrors } from '../../services/tokens/token-write-errors';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

export const TOKEN_CHANGED_MESSAGE =
  'Someone else changed this token after you opened it. Your changes were not saved.';

/** Endpoints compare by address and SNI name: their last checks are not the caller's to change. */
function comparable(field: string, value: unknown): string {
  // Fields a token may have none stored of at all: absent is their empty value.
  if (field in ABSENT_FIELD_VALUES) return JSON.stringify(value ?? ABSENT_FIELD_VALUES[field]);
  if (field !== 'endpoints' || !Array.isArray(value)) return JSON.stringify(value);
  return JSON.stringify(
    (value as NonNullable<Token['endpoints']>).map(({ host, port, sni }) => [host, port, sni]),
  );
}

function changedFields(current: Token, update: TokenUpdate): string[] {
  return Object.entries(update)
    .filter(
      ([field, value]) =>
        comparable(field, value) !==
        comparable(
          field,
          field === 'endpoints' ? (current.endpoints ?? []) : current[field as keyof Token],
        ),
    )
    .map(([field]) => field);
}

/**
 * `PUT /api/tokens/{id}`: edits or renews (a future `expiresAt`) a token. The body is parsed again
 * with the stored token, so type and category cannot change, an unchanged past expiry stays
 * editable, and fields of other categories are cleared. Endpoints added or changed are checked at
 * once (services/endpoints/saved-endpoint-checks). With `If-Match` (shared/api/entity-tags) the
 * write is made only while the token is still at that `updated_at` (412 otherwise); the answer's
 * `ETag` is the saved token's.
 */
export const handler = createHttpHandler(
  tokenRoutes.updateToken,
  async ({ params, session, now, event }) => {
    const { user } = requireSession(session);
    const ifMatch = ifMatchOf(event);
    const { access, token } = await loadTokenAccess(params.id, user);
    requireEditor(access);
    requireNotFrozen(access);
    requireMatch(ifMatch, token.updated_at, TOKEN_CHANGED_MESSAGE);
    const parsed = updateTokenSchema({ now, current: token }).safeParse(rawJsonBody(event));
    if (!parsed.success) throw AppError.fromZodError(parsed.error);
    const update = parsed.data;
    requireContactGroupAllowed(access, update.contact_group_id, token.contact_group_id);
    await requireKnownContactGroup(
      access.workspaceId,
      update.contact_group_id,
      token.contact_group_id,
    );
    await requireMemberOwner(access.workspaceId, update.owner_id, token.owner_id ?? null);
    await requireAdditionalContactGroupsAllowed(
      access,
      update.additional_contact_group_ids,
      token.additional_contact_group_ids,
    );
    await requireEndpointsAllowed(access, { ...update, category: token.category }, token);
    const fields = changedFields(token, update);
    if (fields.length === 0) return { body: token, headers: entityTagHeader(token.updated_at) };
    // The write is conditioned on the revision just read, which the precondition matched.
    const updated = await withTokenWriteErrors(
      access.plan,
      () => updateToken(token, update, now),
      ifMatch && new AppError('PRECONDITION_FAILED', TOKEN_CHANGED_MESSAGE),
    );
    const renewed = fields.length === 1 && fields[0] === 'expiresAt';
    await recordTokenEvent({
      access,
      user,
      action: renewed ? AUDIT_ACTIONS.tokenRenewed : AUDIT_ACTIONS.tokenUpdated,
      target: updated,
      metadata: renewed
        ? { previousExpiresAt: token.expiresAt, expiresAt: updated.expiresAt }
        : { fields },
      now,
    });
    await checkSavedEndpoints({ token: updated, previous: token, plan: access.plan, now });
    return { body: updated, headers: entityTagHeader(updated.updated_at) };
  },
);
