/**
 * A workspace's tokens as one file (`GET /api/v1/workspaces/{id}/tokens/export`): every token,
 * sorted by name (without regard to case), then type and id, so two exports of the same tokens
 * are the same file. The columns are the token file's (shared/src/domain/token-file), which the
 * import reads back unchanged.
 */
import type { ExportFormat } from '@expiry-radar/shared/constants/paging';
import type { Token } from '@expiry-radar/shared/domain/token';
import { tokensToCsv, tokensToJson } from '@expiry-radar/shared/domain/token-file';
import { listAllTokens } from '../../data/token-records';
import { AppError } from '../../platform/app-error';
import { listMemberViews } from '../members/member-views';
import type { WorkspaceAccess } from '../workspaces/workspace-access';

/**
 * What one answer can carry: Lambda's 6 MB response limit, less room for the headers. A team
 * workspace at its 5,000-token limit with typical fields is about 2 MB of CSV.
 */
export const EXPORT_MAX_BYTES = 6 * 1024 * 1024 - 64 * 1024;

export interface TokenExportFile {
  readonly fileName: string;
  readonly contentType: string;
  readonly text: string;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function exportOrder(a: Token, b: Token): number {
  return (
    collator.compare(a.name, b.name) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    (a.type < b.type ? -1 : a.type > b.type ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** `expiry-radar-tokens-<workspace name, letters and digits>-<YYYY-MM-DD>.<format>`. */
export function exportFileName(workspaceName: string, format: ExportFormat, now: Date): string {
  const label =
    workspaceName
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 60) || 'workspace';
  return `expiry-radar-tokens-${label}-${now.toISOString().slice(0, 10)}.${format}`;
}

/** 413 when the file is more than one answer can carry. */
export function requireExportFits(text: string, tokenCount: number): void {
  if (Buffer.byteLength(text, 'utf8') <= EXPORT_MAX_BYTES) return;
  throw new AppError(
    'PAYLOAD_TOO_LARGE',
    `This workspace's ${tokenCount} tokens are more than one download can carry. Move some tokens to another workspace and export each.`,
  );
}

export async function exportTokens(
  access: WorkspaceAccess,
  format: ExportFormat,
  now: Date,
): Promise<TokenExportFile> {
  const [records, members] = await Promise.all([
    listAllTokens(access.workspaceId),
    listMemberViews(access.workspaceId),
  ]);
  const tokens = records.map((record) => record.token).sort(exportOrder);
  // The owner column: the owner's address while they are a member (what the import reads back).
  const emails = new Map(
    members
      .filter((member) => member.status === 'active')
      .map((member) => [member.user_id, member.email]),
  );
  const ownerEmailOf = (token: Token) =>
    token.owner_id ? (emails.get(token.owner_id) ?? null) : null;
  const text =
    format === 'csv' ? tokensToCsv(tokens, ownerEmailOf) : tokensToJson(tokens, ownerEmailOf);
  requireExportFits(text, tokens.length);
  return {
    fileName: exportFileName(access.name, format, now),
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    text,
  };
}
