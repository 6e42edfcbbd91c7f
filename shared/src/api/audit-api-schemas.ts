/** Audit events and export (spec §7; DESIGN.md: every mutation writes one). */
import { z } from 'zod';
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
  /** e.g. `token.created`, `member.role_updated`. */
  action: z.string(),
  actor: z.object({ id: z.string(), email: z.string().nullable() }),
  target: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }),
  workspace_id: z.string().nullable(),
  created_at: z.string(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const AUDIT_SCOPES = ['organization'] as const;

/** Without `scope`, the user's own events; `scope=organization` for all workspaces they manage. */
export const listAuditEventsQuery = pagingQuery(AUDIT_DEFAULT_LIMIT).extend({
  scope: z.enum(AUDIT_SCOPES).optional(),
});
export const listWorkspaceAuditEventsQuery = pagingQuery(AUDIT_DEFAULT_LIMIT);
export const listAuditEventsResponse = pageOf(auditEventSchema);

export const exportAuditQuery = z.object({
  scope: z.enum(AUDIT_SCOPES).optional(),
  format: z.enum(EXPORT_FORMATS).default(EXPORT_DEFAULT_FORMAT),
  limit: limitField(EXPORT_DEFAULT_LIMIT, EXPORT_DEFAULT_LIMIT),
  workspace_id: z.string().trim().min(1).optional(),
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
