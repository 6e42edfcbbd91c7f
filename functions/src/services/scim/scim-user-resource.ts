/**
 * A SCIM User as this service reads and writes it: the draft a POST, PUT or PATCH produces, and
 * the resource answered (RFC 7643 §4.1). The account's address is the User's `userName` (what
 * Entra ID and Okta match people by, and what SSO signs in with); `emails` answers it as the
 * primary work address.
 */
import { emailSchema } from '@expiry-radar/shared/domain/email';
import type { ScimUserRecord } from '../../data/scim-records';
import type { UserRecord } from '../../data/user-records';
import {
  invalidValue,
  isRecord,
  optionalScimText,
  SCIM_SCHEMAS,
  ScimError,
  scimBoolean,
  type ScimPatchOperation,
} from '../../domain/scim-protocol';

export interface ScimUserDraft {
  readonly userName: string;
  readonly externalId: string | null;
  readonly givenName: string | null;
  readonly familyName: string | null;
  readonly displayName: string | null;
  readonly active: boolean;
}

export function userNameOf(value: unknown): string {
  const parsed = emailSchema.safeParse(value);
  if (!parsed.success) {
    throw invalidValue("userName must be the person's email address (such as their UPN or login).");
  }
  return parsed.data;
}

/** The draft of a whole User (POST, PUT): what is absent is cleared, `active` defaults to true. */
export function userDraftFromResource(body: unknown): ScimUserDraft {
  if (!isRecord(body)) throw new ScimError(400, 'The body must be a SCIM User.', 'invalidSyntax');
  const name = isRecord(body.name) ? body.name : {};
  return {
    userName: userNameOf(body.userName),
    externalId: optionalScimText(body.externalId, 'externalId'),
    givenName: optionalScimText(name.givenName, 'name.givenName'),
    familyName: optionalScimText(name.familyName, 'name.familyName'),
    displayName:
      optionalScimText(body.displayName, 'displayName') ??
      optionalScimText(name.formatted, 'name.formatted'),
    active: body.active === undefined ? true : scimBoolean(body.active, 'active'),
  };
}

export function draftOf(record: ScimUserRecord, account: UserRecord): ScimUserDraft {
  return {
    userName: record.userName,
    externalId: record.externalId,
    givenName: record.givenName,
    familyName: record.familyName,
    displayName: account.name ?? account.displayName,
    active: record.active,
  };
}

type Draft = { -readonly [K in keyof ScimUserDraft]: ScimUserDraft[K] };

/** Sets one attribute by its (lower-cased) path; attributes this service keeps nothing of are ignored. */
function setAttribute(draft: Draft, path: string, value: unknown, remove: boolean): void {
  switch (path) {
    case 'active':
      if (remove) throw new ScimError(400, 'active cannot be removed.', 'mutability');
      draft.active = scimBoolean(value, 'active');
      return;
    case 'username':
      if (remove) throw new ScimError(400, 'userName cannot be removed.', 'mutability');
      draft.userName = userNameOf(value);
      return;
    case 'externalid':
      draft.externalId = remove ? null : optionalScimText(value, 'externalId');
      return;
    case 'displayname':
      draft.displayName = remove ? null : optionalScimText(value, 'displayName');
      return;
    case 'name.givenname':
      draft.givenName = remove ? null : optionalScimText(value, 'name.givenName');
      return;
    case 'name.familyname':
      draft.familyName = remove ? null : optionalScimText(value, 'name.familyName');
      return;
    case 'name.formatted':
      if (!remove && !draft.displayName) {
        draft.displayName = optionalScimText(value, 'name.formatted');
      }
      return;
    case 'name':
      if (remove) {
        draft.givenName = null;
        draft.familyName = null;
        return;
      }
      if (!isRecord(value)) throw invalidValue('name must be an object.');
      for (const [key, part] of Object.entries(value)) {
        setAttribute(draft, `name.${key.toLowerCase()}`, part, false);
      }
      return;
    default:
      // emails, phone numbers, titles, the enterprise extension: kept nowhere, so nothing to change.
      return;
  }
}

const CORE_USER_PREFIX = `${SCIM_SCHEMAS.user.toLowerCase()}:`;

/** The draft after a PATCH's operations, in order (RFC 7644 §3.5.2). */
export function patchUserDraft(current: ScimUserDraft, operations: readonly ScimPatchOperation[]) {
  const draft: Draft = { ...current };
  for (const operation of operations) {
    if (operation.path === null) {
      for (const [key, value] of Object.entries(operation.value as Record<string, unknown>)) {
        setAttribute(draft, key.toLowerCase().replace(CORE_USER_PREFIX, ''), value, false);
      }
      continue;
    }
    const path = operation.path.toLowerCase().replace(CORE_USER_PREFIX, '');
    setAttribute(draft, path, operation.value, operation.op === 'remove');
  }
  return draft;
}

/** The name an account shows: the display name, else given and family names, else kept. */
export function accountNameOf(draft: ScimUserDraft): string | null {
  if (draft.displayName) return draft.displayName;
  const parts = [draft.givenName, draft.familyName].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

export function userResource(
  record: ScimUserRecord,
  account: UserRecord,
  baseUrl: string,
): Record<string, unknown> {
  const formatted = [record.givenName, record.familyName].filter(Boolean).join(' ');
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: record.userId,
    ...(record.externalId ? { externalId: record.externalId } : {}),
    userName: record.userName,
    name: {
      ...(formatted ? { formatted } : {}),
      ...(record.givenName ? { givenName: record.givenName } : {}),
      ...(record.familyName ? { familyName: record.familyName } : {}),
    },
    displayName: account.name ?? account.displayName,
    emails: [{ value: account.email, type: 'work', primary: true }],
    active: record.active,
    meta: {
      resourceType: 'User',
      created: record.createdAt,
      lastModified: record.updatedAt,
      location: `${baseUrl}/Users/${record.userId}`,
    },
  };
}
