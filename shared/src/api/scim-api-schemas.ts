/**
 * Schemas of SCIM provisioning: the organization page's SCIM part (its token, the groups and
 * their mapping to a workspace and role) and the SCIM 2.0 routes, whose bodies and answers are
 * SCIM's own JSON (RFC 7643) read by the SCIM handlers themselves.
 */
import * as z from 'zod';

/** Roles a group may give: the admin of a workspace is its owner alone. */
export const SCIM_GROUP_ROLES = ['workspace_manager', 'viewer'] as const;

export const scimTokenSchema = z.object({ created_at: z.string() });

export const scimGroupSettingSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  members: z.number().int().nonnegative(),
  workspace_id: z.string().nullable(),
  role: z.enum(['admin', ...SCIM_GROUP_ROLES]).nullable(),
});

export const scimSettingsResponse = z.object({
  /** null: no token, provisioning is off. */
  token: scimTokenSchema.nullable(),
  groups: z.array(scimGroupSettingSchema),
});
export type ScimSettings = z.infer<typeof scimSettingsResponse>;

/** The token itself, answered once. */
export const createScimTokenResponse = scimTokenSchema.extend({ token: z.string() });

export const scimGroupParams = z.object({ id: z.string().trim().min(1).max(64) });

const MAPPING_MESSAGE = 'Choose a workspace and a role, or neither to unmap the group';
export const mapScimGroupBody = z
  .object({
    workspace_id: z.string().trim().min(1).max(64).nullable(),
    role: z
      .enum(SCIM_GROUP_ROLES, { error: 'Role must be Workspace Manager or Viewer' })
      .nullable(),
  })
  .refine((body) => (body.workspace_id === null) === (body.role === null), {
    message: MAPPING_MESSAGE,
    path: ['role'],
  });

/** A SCIM resource or list as RFC 7643 and 7644 shape it. */
export const scimResponse = z.record(z.string(), z.unknown());
export const scimResourceParams = z.object({ id: z.string() });
/** The rest of a path under /scim/ that no SCIM route takes. */
export const scimUnknownPathParams = z.object({ proxy: z.string() });
export const scimListQuery = z.object({
  filter: z.string().optional(),
  startIndex: z.string().optional(),
  count: z.string().optional(),
  attributes: z.string().optional(),
  excludedAttributes: z.string().optional(),
});
