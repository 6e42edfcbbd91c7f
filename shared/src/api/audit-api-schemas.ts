/** Audit events (every mutation writes one) and their export. */
import * as z from 'zod';
import {
  AUDIT_DEFAULT_LIMIT,
  EXPORT_DEFAULT_FORMAT,
  EXPORT_DEFAULT_LIMIT,
  EXPORT_FORMATS,
} from '../constants/paging';
import { normalizeDate } from '../domain/calendar-date';
import { VALIDATION_MESSAGES } from '../domain/validation-messages';
import { limitField, pageOf, pagingQuery } from './common-schemas';

export const auditEventSchema = z.object({
  id: z.string(),
  /** ISO date-time. */
  occurred_at: z.string(),
  /** Who acted; `deleted-user` with no email once their account is deleted. */
  actor: z.object({ id: z.string(), email: z.string().nullable() }),
  /** e.g. `workspace.created`, `member.role_updated`. */
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** The target's name (a token's, a workspace's, a member's address) when the event was written. */
  target_name: z.string().nullable().default(null),
  workspace_id: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const AUDIT_SCOPES = ['organization'] as const;

/** Without `scope`, the events the user acted in; `scope=organization` for every workspace they own. */
export const listAuditEventsQuery = pagingQuery(AUDIT_DEFAULT_LIMIT).extend({
  scope: z.enum(AUDIT_SCOPES, { error: 'Scope must be organization' }).optional(),
});
export const listWorkspaceAuditEventsQuery = pagingQuery(AUDIT_DEFAULT_LIMIT);
export const listAuditEventsResponse = pageOf(auditEventSchema);

export const exportAuditQuery = z.object({
  scope: z.enum(AUDIT_SCOPES, { error: 'Scope must be organization' }).optional(),
  format: z
    .enum(EXPORT_FORMATS, { error: 'Format must be json or csv' })
    .default(EXPORT_DEFAULT_FORMAT),
  limit: limitField(EXPORT_DEFAULT_LIMIT, EXPORT_DEFAULT_LIMIT),
  /** One workspace (admin or workspace manager); takes precedence over `scope`. */
  workspace_id: z.string().trim().min(1).max(200).optional(),
  /** Events at or after this date (`YYYY-MM-DD` or ISO date-time). */
  since: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const normalized = normalizeDate(value);
      if (normalized === null) {
        ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.invalidDate });
        return z.NEVER;
      }
      return normalized;
    }),
});

/** A file download (Content-Disposition names it): JSON events or CSV text. */
export const exportAuditResponse = z.union([z.array(auditEventSchema), z.string()]);
