/** Workspace roles. */
import * as z from 'zod';

export const ROLES = ['admin', 'workspace_manager', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: 'Admin',
  workspace_manager: 'Workspace Manager',
  viewer: 'Viewer',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
