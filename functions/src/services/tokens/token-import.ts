/**
 * `POST /api/v1/workspaces/{id}/imports`: up to 5,000 rows of a file, each checked with the same
 * schemas as a single create (a new name and type) or edit (the name and type of a token of the
 * workspace), then written in batches of one transaction each with the workspace's counters and
 * within the plan's token limit, armed for alerts as single writes are. Rows equal to their token
 * are not written, so importing the same file twice writes nothing the second time.
 *
 * A value of an optional field that is not valid is left out of its row, which is imported
 * without it (an update keeps the token's value) and reported in `dropped`: an old spreadsheet's
 * stray cost or malformed URL does not cost the row. A row is not imported when a required value
 * (name, category, type, expiry) or its text is invalid, when an earlier row has its name and type
 * (a duplicate), when the plan's token limit is reached before it (PLAN_LIMIT: the rows before it
 * are written), or when its token changed meanwhile (CONFLICT). A dry run answers the same
 * without writing. One audit event per import that changed tokens, with its counts.
 */
import { WORKSPACE_NOT_FOUND_MESSAGE } from '@expiry-radar/shared/errors/workspace-not-found';
import { storedValueOf } from '@expiry-radar/shared/domain/token-alert-fields';
import type {
  ImportOutcome,
  ImportRowProblem,
  ImportTokensResponse,
  ImportFormat,
} from '@expiry-radar/shared/api/inventory-api-schemas';
import { normalizeDate } from '@expiry-radar/shared/domain/calendar-date';
import { PRIVATE_KEY_MESSAGE } from '@expiry-radar/shared/domain/certificate-text';
import { createTokenSchema } from '@expiry-radar/shared/domain/create-token-schema';
import { canSetContactGroup } from '@expiry-radar/shared/domain/permissions';
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import type { Token, TokenFields } from '@expiry-radar/shared/domain/token';
import {
  categoryAndTypeProblems,
  importKey,
  followedDomainOfRow,
  rowInput,
  type ColumnMapping,
} from '@expiry-radar/shared/domain/token-import';
import {
  IMPORT_DATE_FIELDS,
  importDateValue,
  numericDateOrderOf,
  type NumericDateOrder,
  type NumericDates,
} from '@expiry-radar/shared/domain/import-dates';
import { checkTextInput } from '@expiry-radar/shared/domain/text-rules';
import {
  updateTokenSchema,
  type TokenUpdate,
} from '@expiry-radar/shared/domain/update-token-schema';
import type { z } from 'zod';
import { readArmingContext } from '../../data/alert-arming';
import { readAlertSettings } from '../../data/alert-settings-records';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import type { TokenRecord } from '../../data/entities/token';
import {
  IMPORT_BATCH_MAX_TOKENS,
  newImportedToken,
  writeImportBatch,
  type ImportedUpdate,
} from '../../data/token-mutations';
import {
  countTokens,
  listAllTokens,
  TokenConditionError,
  WorkspaceConditionError,
} from '../../data/token-records';
import type { UserRecord } from '../../data/user-records';
import { compactSearchIndex } from '../../data/search-index-compaction';
import { nextRevision } from '../../domain/search-entries';
import { AppError } from '../../platform/app-error';
import { logger } from '../../platform/logger';
import { UNKNOWN_CONTACT_GROUP_MESSAGE } from '../alerts/token-contact-group';
import { listMemberViews } from '../members/member-views';
import { recordWorkspaceEvent } from '../workspaces/workspace-audit';
import type { WorkspaceAccess } from '../workspaces/workspace-access';
import { CONTACT_GROUP_PLAN_MESSAGE } from './token-access';
import { readImportFile } from './import-file';
import { tokenLimitError } from './token-write-errors';

const IMPORT_REFUSED: ReadonlySet<ImportOutcome> = new Set(['invalid', 'refused', 'duplicate']);
const CHANGED_MEANWHILE = 'This token was changed or deleted meanwhile. Reload and try again.';
const FROZEN_MESSAGE = 'This workspace is frozen. Upgrade your plan or transfer its tokens.';
/** Transactions cancelled by a concurrent one on the same items are tried again this often. */
const CONFLICT_RETRIES = 5;

export interface ImportRequest {
  readonly format: ImportFormat;
  readonly content: string;
  readonly mapping?: ColumnMapping;
  readonly dryRun: boolean;
  /** Rows already expired are imported as expired tokens instead of refused. */
  readonly includeExpired?: boolean;
  /** How to read numeric dates when the file does not tell (the importer's locale). */
  readonly dateOrder?: NumericDateOrder;
}

/** A row to write: a new token, or a new version of a stored one. */
type WriteEntry =
  | { readonly row: number; readonly kind: 'create'; readonly token: Token }
  | { readonly row: number; readonly kind: 'update'; readonly update: ImportedUpdate };

type DroppedValue = ImportTokensResponse['dropped'][number];

interface Classified {
  readonly outcomes: ImportOutcome[];
  readonly problems: ImportRowProblem[];
  readonly dropped: DroppedValue[];
  /** Rows to import whose expiry has passed. */
  readonly expired: number[];
  readonly duplicates: { row: number; firstRow: number }[];
  readonly entries: WriteEntry[];
  readonly numericDates: NumericDates | null;
}

/**
 * Each record's input for the schemas (`rowInput`), its dates turned into `YYYY-MM-DD` the way the
 * whole file's are read (domain/import-dates.ts).
 */
function rowInputs(
  records: readonly Readonly<Record<string, unknown>>[],
  mapping: ColumnMapping,
  dateOrder: NumericDateOrder | undefined,
): { inputs: Record<string, unknown>[]; numericDates: NumericDates | null } {
  const inputs = records.map((record) => rowInput(record, mapping));
  const dates = inputs.flatMap((input) => IMPORT_DATE_FIELDS.map((field) => input[field]));
  const numericDates = numericDateOrderOf(dates, dateOrder);
  for (const input of inputs) {
    for (const field of IMPORT_DATE_FIELDS) {
      if (field in input) input[field] = importDateValue(input[field], numericDates?.order ?? null);
    }
  }
  return { inputs, numericDates };
}

function issuesOf(row: number, error: z.ZodError): ImportRowProblem[] {
  return error.issues.map((issue) => ({
    row,
    field: issue.path.length > 0 ? String(issue.path[0]) : null,
    message: issue.message,
    code: 'VALIDATION_ERROR' as const,
  }));
}

/** The fields a row cannot be imported without. */
const REQUIRED_ROW_FIELDS: ReadonlySet<string> = new Set(['name', 'category', 'type', 'expiresAt']);
/** Problems that refuse the row whatever the field: a private key is never taken in, even left out. */
const ROW_REFUSING_MESSAGES: ReadonlySet<string> = new Set([PRIVATE_KEY_MESSAGE]);

/**
 * Parses a row with `schema`; when only optional fields are invalid, again without them. The
 * fields left out come back with their problems; a failure that remains is the first one's.
 */
function parseLeavingOutBadOptionals<Output>(
  schema: z.ZodType<Output>,
  input: Readonly<Record<string, unknown>>,
  row: number,
):
  | { readonly ok: true; readonly data: Output; readonly dropped: DroppedValue[] }
  | { readonly ok: false; readonly error: z.ZodError } {
  const first = schema.safeParse(input);
  if (first.success) return { ok: true, data: first.data, dropped: [] };
  const dropped = first.error.issues.map((issue) => ({
    row,
    field: issue.path.length > 0 ? String(issue.path[0]) : '',
    message: issue.message,
  }));
  const fields = new Set(dropped.map(({ field }) => field));
  const refusesRow =
    fields.has('') ||
    [...fields].some((field) => REQUIRED_ROW_FIELDS.has(field)) ||
    dropped.some(({ message }) => ROW_REFUSING_MESSAGES.has(message));
  if (refusesRow) {
    return { ok: false, error: first.error };
  }
  const rest = Object.fromEntries(Object.entries(input).filter(([field]) => !fields.has(field)));
  const second = schema.safeParse(rest);
  if (!second.success) return { ok: false, error: first.error };
  return { ok: true, data: second.data, dropped };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value, index) => value === b[index]);
  }
  return a === b;
}

/** Whether an edit would change the token at all. */
export function changesToken(current: Token, update: TokenUpdate): boolean {
  return Object.entries(update).some(
    ([field, value]) =>
      // Fields a token may have none stored of at all: absent is their empty value.
      !sameValue(storedValueOf(current, field), value),
  );
}

export const OWNER_NOT_MEMBER_MESSAGE =
  'Owner must be the email address of a member of this workspace';

/**
 * Reads a row's `owner` cell (a member's email address, any case) as the member's id: null for an
 * empty cell, undefined when it names no member of the workspace. The members are read once.
 */
function ownerReader(access: WorkspaceAccess) {
  let byEmail: Promise<ReadonlyMap<string, string>> | undefined;
  return async (cell: unknown): Promise<string | null | undefined> => {
    if (cell === null || cell === undefined) return null;
    if (typeof cell !== 'string') return undefined;
    const email = cell.trim().toLowerCase();
    if (email === '') return null;
    byEmail ??= listMemberViews(access.workspaceId).then(
      (members) =>
        new Map(
          members
            .filter((member) => member.status === 'active')
            .map((member) => [member.email.toLowerCase(), member.user_id]),
        ),
    );
    return (await byEmail).get(email);
  };
}

/**
 * A row's input without its expiry when that is the token's own (an edit may keep a past expiry,
 * as the edit form does): left out, the edit keeps it, which is the same token.
 */
function withoutUnchangedExpiry(
  input: Readonly<Record<string, unknown>>,
  token: Token,
): Readonly<Record<string, unknown>> {
  const { expiresAt, ...rest } = input;
  const unchanged =
    typeof expiresAt === 'string' && normalizeDate(expiresAt) === normalizeDate(token.expiresAt);
  return unchanged ? rest : input;
}

/** The stored tokens by name and type (several when the workspace has look-alikes). */
function tokensByKey(records: readonly TokenRecord[]): Map<string, TokenRecord[]> {
  const byKey = new Map<string, TokenRecord[]>();
  for (const record of records) {
    const key = importKey(record.token);
    if (key !== null) byKey.set(key, [...(byKey.get(key) ?? []), record]);
  }
  return byKey;
}

/** Checks a row's contact group as a single write does: allowed in the workspace, and known. */
function contactGroupChecker(access: WorkspaceAccess) {
  let groups: Promise<readonly { id: string }[]> | undefined;
  return async (groupId: string | null | undefined, current: string | null) => {
    if (groupId === undefined || groupId === null || groupId === current) return null;
    if (!canSetContactGroup(access.role, access.plan)) return CONTACT_GROUP_PLAN_MESSAGE;
    groups ??= readAlertSettings(access.workspaceId).then((settings) => settings.contact_groups);
    return (await groups).some((group) => group.id === groupId)
      ? null
      : UNKNOWN_CONTACT_GROUP_MESSAGE;
  };
}

/** The first problem of the additional contact groups a row adds (those it keeps are fine). */
async function additionalGroupsProblem(
  problemOf: ReturnType<typeof contactGroupChecker>,
  groupIds: readonly string[] | undefined,
  current: readonly string[] = [],
): Promise<string | null> {
  for (const groupId of groupIds ?? []) {
    if (current.includes(groupId)) continue;
    const problem = await problemOf(groupId, null);
    if (problem !== null) return problem;
  }
  return null;
}

async function classifyRows(options: {
  access: WorkspaceAccess;
  records: readonly Readonly<Record<string, unknown>>[];
  mapping: ColumnMapping;
  stored: readonly TokenRecord[];
  now: Date;
  includeExpired: boolean;
  dateOrder: NumericDateOrder | undefined;
}): Promise<Classified> {
  const { access, records, mapping, now, includeExpired } = options;
  const { inputs, numericDates } = rowInputs(records, mapping, options.dateOrder);
  const clock = () => now;
  const createSchema = createTokenSchema(includeExpired ? null : clock);
  // One edit schema per category and type (building one per row would cost seconds per 5,000).
  const updateSchemas = new Map<string, ReturnType<typeof updateTokenSchema>>();
  const updateSchemaOf = (token: Token) => {
    const key = `${token.category}\u0000${token.type}`;
    let schema = updateSchemas.get(key);
    if (!schema) {
      // No expiry is exempt from "in the future" here: see withoutUnchangedExpiry.
      const current = { category: token.category, type: token.type, expiresAt: '' };
      schema = updateTokenSchema({ now: clock, current, anyExpiry: includeExpired });
      updateSchemas.set(key, schema);
    }
    return schema;
  };
  const byKey = tokensByKey(options.stored);
  const contactGroupProblem = contactGroupChecker(access);
  const ownerOf = ownerReader(access);
  const firstRowOf = new Map<string, number>();
  const today = normalizeDate(now.toISOString().slice(0, 10)) ?? '';
  const result: Classified = {
    outcomes: [],
    problems: [],
    dropped: [],
    expired: [],
    duplicates: [],
    entries: [],
    numericDates,
  };
  const refuse = (problems: ImportRowProblem[], outcome: ImportOutcome) => {
    result.outcomes.push(outcome);
    result.problems.push(...problems);
  };

  for (const [index, rowValues] of inputs.entries()) {
    const row = index + 1;
    // A JSON file's escapes can carry what a request's text may not (domain/text-rules).
    const text = checkTextInput(rowValues, createSchema);
    if (!text.ok) {
      refuse(
        text.issues.map((issue) => ({
          row,
          field: issue.path.split('.')[0] || null,
          message: issue.message,
          code: 'VALIDATION_ERROR' as const,
        })),
        'invalid',
      );
      continue;
    }
    let input = text.value as Record<string, unknown>;
    if (Object.hasOwn(input, 'owner')) {
      const { owner, ...rest } = input;
      const ownerId = await ownerOf(owner);
      if (ownerId === undefined) {
        refuse(
          [{ row, field: 'owner', message: OWNER_NOT_MEMBER_MESSAGE, code: 'VALIDATION_ERROR' }],
          'invalid',
        );
        continue;
      }
      input = { ...rest, owner_id: ownerId };
    }
    const nameProblems = categoryAndTypeProblems(input);
    if (nameProblems.length > 0) {
      refuse(
        nameProblems.map((problem) => ({ row, ...problem, code: 'VALIDATION_ERROR' as const })),
        'invalid',
      );
      continue;
    }
    const key = importKey(input);
    const matches = key === null ? [] : (byKey.get(key) ?? []);
    if (matches.length > 1) {
      refuse(
        [
          {
            row,
            field: null,
            message: `${matches.length} tokens of this workspace have this name and type. Edit them on the dashboard.`,
            code: 'CONFLICT',
          },
        ],
        'refused',
      );
      continue;
    }
    const stored = matches[0];
    let entry: WriteEntry | null = null;
    let contactGroupIssue: string | null;
    let additionalGroupIssue: string | null;
    let dropped: DroppedValue[];
    if (stored) {
      const parsed = parseLeavingOutBadOptionals(
        updateSchemaOf(stored.token),
        withoutUnchangedExpiry(input, stored.token),
        row,
      );
      if (!parsed.ok) {
        refuse(issuesOf(row, parsed.error), 'invalid');
        continue;
      }
      dropped = parsed.dropped;
      contactGroupIssue = await contactGroupProblem(
        parsed.data.contact_group_id,
        stored.token.contact_group_id,
      );
      additionalGroupIssue = await additionalGroupsProblem(
        contactGroupProblem,
        parsed.data.additional_contact_group_ids,
        stored.token.additional_contact_group_ids,
      );
      if (changesToken(stored.token, parsed.data)) {
        const next: Token = {
          ...stored.token,
          ...parsed.data,
          updated_at: nextRevision(stored.token.updated_at, now),
        };
        entry = {
          row,
          kind: 'update',
          update: { current: stored.token, lastAlert: stored.schedule.lastAlert, next },
        };
      }
    } else {
      // A new domain registration follows its domain (its Domain column, else its name). The
      // column then says which domain, not a certificate's domain list: it is read once, so a
      // wrong one is reported once.
      const followed = followedDomainOfRow(input);
      const { domains: _domainCell, ...withoutDomainCell } = input;
      const parsed = parseLeavingOutBadOptionals(
        createSchema,
        followed === null ? input : { ...withoutDomainCell, registration_domain: followed },
        row,
      );
      if (!parsed.ok) {
        refuse(issuesOf(row, parsed.error), 'invalid');
        continue;
      }
      dropped = parsed.dropped;
      const fields: TokenFields = parsed.data;
      contactGroupIssue = await contactGroupProblem(fields.contact_group_id, null);
      additionalGroupIssue = await additionalGroupsProblem(
        contactGroupProblem,
        fields.additional_contact_group_ids,
      );
      entry = {
        row,
        kind: 'create',
        token: newImportedToken(access.workspaceId, fields, now),
      };
    }
    if (contactGroupIssue !== null) {
      refuse(
        [{ row, field: 'contact_group_id', message: contactGroupIssue, code: 'VALIDATION_ERROR' }],
        'invalid',
      );
      continue;
    }
    if (additionalGroupIssue !== null) {
      const field = 'additional_contact_group_ids';
      refuse([{ row, field, message: additionalGroupIssue, code: 'VALIDATION_ERROR' }], 'invalid');
      continue;
    }
    const firstRow = key === null ? undefined : firstRowOf.get(key);
    if (firstRow !== undefined) {
      result.duplicates.push({ row, firstRow });
      result.outcomes.push('duplicate');
      continue;
    }
    if (key !== null) firstRowOf.set(key, row);
    result.dropped.push(...dropped);
    const expiresAt =
      entry?.kind === 'create' ? entry.token.expiresAt : entry?.update.next.expiresAt;
    if (includeExpired && expiresAt !== undefined && expiresAt <= today) result.expired.push(row);
    result.outcomes.push(entry === null ? 'unchanged' : entry.kind);
    if (entry !== null) result.entries.push(entry);
  }
  return result;
}

function isTransactionConflict(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return false;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] })
    .CancellationReasons;
  return reasons?.some((reason) => reason.Code === 'TransactionConflict') ?? false;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes the entries in batches; rows refused while writing are reported through `refuse`. */
async function writeEntries(options: {
  access: WorkspaceAccess;
  entries: readonly WriteEntry[];
  capacity: number;
  now: Date;
  refuse: (entry: WriteEntry, code: ImportRowProblem['code'], message: string) => void;
}): Promise<void> {
  const { access, now, refuse } = options;
  const limit = PLAN_LIMITS[access.plan].tokensPerWorkspace;
  const limitMessage = tokenLimitError(access.plan).message;
  let capacity = options.capacity;
  const pending = [...options.entries];
  const arming = await readArmingContext(access.workspaceId);
  while (pending.length > 0) {
    let batch = pending.splice(0, IMPORT_BATCH_MAX_TOKENS);
    for (let attempt = 0; batch.length > 0; attempt += 1) {
      const creates = batch.flatMap((entry) => (entry.kind === 'create' ? [entry.token] : []));
      try {
        await writeImportBatch({
          workspaceId: access.workspaceId,
          creates,
          updates: batch.flatMap((entry) => (entry.kind === 'update' ? [entry.update] : [])),
          tokenLimit: limit,
          arming,
          now,
        });
        capacity -= creates.length;
        break;
      } catch (error) {
        if (error instanceof TokenConditionError) {
          const failed = batch.find((entry) =>
            entry.kind === 'create'
              ? entry.token.id === error.tokenId
              : entry.update.current.id === error.tokenId,
          );
          if (!failed) throw error;
          refuse(failed, 'CONFLICT', CHANGED_MEANWHILE);
          batch = batch.filter((entry) => entry !== failed);
          continue;
        }
        if (error instanceof WorkspaceConditionError) {
          if (error.reason === 'missing')
            throw new AppError('NOT_FOUND', WORKSPACE_NOT_FOUND_MESSAGE);
          if (error.reason === 'frozen') {
            for (const entry of [...batch, ...pending.splice(0)]) {
              refuse(entry, 'WORKSPACE_FROZEN', FROZEN_MESSAGE);
            }
            return;
          }
          // Tokens were added meanwhile: what is left of the limit now goes to the earliest rows.
          capacity = limit === null ? Infinity : limit - (await countTokens(access.workspaceId));
          let fits = capacity;
          batch = batch.filter((entry) => {
            if (entry.kind === 'update') return true;
            if (fits > 0) {
              fits -= 1;
              return true;
            }
            refuse(entry, 'PLAN_LIMIT', limitMessage);
            return false;
          });
          continue;
        }
        if (isTransactionConflict(error) && attempt < CONFLICT_RETRIES) {
          await pause(20 + Math.random() * 80 * (attempt + 1));
          continue;
        }
        throw error;
      }
    }
    if (capacity <= 0) {
      for (const entry of pending.filter((candidate) => candidate.kind === 'create')) {
        refuse(entry, 'PLAN_LIMIT', limitMessage);
      }
      pending.splice(0, pending.length, ...pending.filter((entry) => entry.kind === 'update'));
    }
  }
}

/** An import read and checked, with what it would write; `applyImport` writes it. */
export interface ImportPlan {
  readonly request: ImportRequest;
  readonly rows: number;
  readonly columns: ImportTokensResponse['columns'];
  readonly outcomes: ImportOutcome[];
  readonly problems: ImportRowProblem[];
  /** Invalid optional values left out of their rows. */
  readonly dropped: readonly DroppedValue[];
  /** Rows to import whose expiry has passed (includeExpired). */
  readonly expired: readonly number[];
  readonly numericDates: NumericDates | null;
  readonly duplicates: { row: number; firstRow: number }[];
  /** The rows to write, in file order, within the plan's token limit. */
  readonly entries: readonly WriteEntry[];
  /** New tokens the plan's limit still allowed when the workspace was read. */
  readonly capacity: number;
}

function refuseIn(plan: Pick<ImportPlan, 'outcomes' | 'problems'>) {
  return (entry: WriteEntry, code: ImportRowProblem['code'], message: string) => {
    plan.outcomes[entry.row - 1] = 'refused';
    plan.problems.push({ row: entry.row, field: null, message, code });
  };
}

/** Reads the file and the workspace's tokens and decides each row's outcome; writes nothing. */
export async function planImport(options: {
  access: WorkspaceAccess;
  request: ImportRequest;
  now: Date;
}): Promise<ImportPlan> {
  const { access, request, now } = options;
  const file = readImportFile(request.format, request.content, request.mapping);
  const [stored, count] = await Promise.all([
    listAllTokens(access.workspaceId),
    countTokens(access.workspaceId),
  ]);
  const classified = await classifyRows({
    access,
    records: file.records,
    mapping: file.mapping,
    stored,
    now,
    includeExpired: request.includeExpired ?? false,
    dateOrder: request.dateOrder,
  });
  const refuse = refuseIn(classified);
  // Within the plan's limit: the earliest new tokens of the file, the later ones refused.
  const limit = PLAN_LIMITS[access.plan].tokensPerWorkspace;
  const capacity = limit === null ? Infinity : Math.max(0, limit - count);
  let left = capacity;
  const entries = classified.entries.filter((entry) => {
    if (entry.kind === 'update') return true;
    if (left > 0) {
      left -= 1;
      return true;
    }
    refuse(entry, 'PLAN_LIMIT', tokenLimitError(access.plan).message);
    return false;
  });
  return {
    request,
    rows: file.records.length,
    columns: file.columns.map((column) => ({ column, field: file.mapping[column] ?? null })),
    outcomes: classified.outcomes,
    problems: classified.problems,
    dropped: classified.dropped,
    expired: classified.expired,
    numericDates: classified.numericDates,
    duplicates: classified.duplicates,
    entries,
    capacity,
  };
}

/** Writes a plan's rows; rows refused while writing change their outcome in the plan. */
export async function applyImport(
  plan: ImportPlan,
  options: { access: WorkspaceAccess; now: Date },
): Promise<void> {
  if (plan.entries.length === 0) return;
  await writeEntries({
    access: options.access,
    entries: plan.entries,
    capacity: plan.capacity,
    now: options.now,
    refuse: refuseIn(plan),
  });
  // Its batches' deltas folded into the search index at once (a failure leaves them waiting).
  await compactSearchIndex(options.access.workspaceId).catch((error: unknown) => {
    logger.warn('Search index compaction after an import failed', { error });
  });
}

/** The answer of a plan, written or not. */
export function importAnswer(plan: ImportPlan): ImportTokensResponse {
  const { outcomes } = plan;
  const counted = (outcome: ImportOutcome) => outcomes.filter((value) => value === outcome).length;
  const imported = (row: number) => !IMPORT_REFUSED.has(outcomes[row - 1] ?? 'refused');
  return {
    dryRun: plan.request.dryRun,
    rows: plan.rows,
    created: counted('create'),
    updated: counted('update'),
    unchanged: counted('unchanged'),
    invalid: [...plan.problems].sort((a, b) => a.row - b.row),
    // A row refused while writing (the plan's limit, a change meanwhile) says why instead.
    dropped: plan.dropped.filter(({ row }) => imported(row)),
    expired: plan.expired.filter(imported),
    numericDates: plan.numericDates,
    duplicates: plan.duplicates,
    outcomes,
    columns: plan.columns,
  };
}

export async function importTokens(options: {
  access: WorkspaceAccess;
  user: Pick<UserRecord, 'id' | 'email'>;
  request: ImportRequest;
  now: Date;
}): Promise<ImportTokensResponse> {
  const { access, user, request, now } = options;
  const plan = await planImport({ access, request, now });
  if (!request.dryRun) await applyImport(plan, { access, now });
  const answer = importAnswer(plan);
  if (!request.dryRun && answer.created + answer.updated > 0) {
    const count = (outcome: ImportOutcome) => answer.outcomes.filter((v) => v === outcome).length;
    await recordWorkspaceEvent({
      workspace: access,
      actor: user,
      action: AUDIT_ACTIONS.tokensImported,
      target: { type: 'workspace', id: access.workspaceId, name: access.name },
      metadata: {
        format: request.format,
        rows: answer.rows,
        created: answer.created,
        updated: answer.updated,
        unchanged: answer.unchanged,
        invalid: count('invalid'),
        duplicates: answer.duplicates.length,
        refused: count('refused'),
        expired: answer.expired.length,
      },
      now,
    });
  }
  return answer;
}
