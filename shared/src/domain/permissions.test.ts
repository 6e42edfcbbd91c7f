import { PLANS } from './plans';
import type { Role } from './roles';
import {
  canCreateToken,
  canDeleteToken,
  canEditToken,
  canManageAlertSettings,
  canManageMembers,
  canManageTrustedCertificateAuthorities,
  canRenameOrDeleteWorkspace,
  canRenewToken,
  canRotateCalendarFeed,
  canSeeCalendarFeed,
  canSeeTrustedCertificateAuthorities,
  canSeeUsage,
  canSetContactGroup,
  canViewTokens,
} from './permissions';

const roles: Array<Role | null | undefined> = [
  'admin',
  'workspace_manager',
  'viewer',
  null,
  undefined,
];

describe('role predicates', () => {
  it.each([
    ['canCreateToken', canCreateToken],
    ['canEditToken', canEditToken],
    ['canRenewToken', canRenewToken],
    ['canDeleteToken', canDeleteToken],
    ['canSeeUsage', canSeeUsage],
    ['canManageMembers', canManageMembers],
    ['canManageAlertSettings', canManageAlertSettings],
  ] as const)('%s: admin and workspace manager only', (_name, predicate) => {
    expect(roles.map((role) => predicate(role))).toEqual([true, true, false, false, false]);
  });

  it('canRenameOrDeleteWorkspace: admin only', () => {
    expect(roles.map((role) => canRenameOrDeleteWorkspace(role))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('canViewTokens: every member role', () => {
    expect(roles.map((role) => canViewTokens(role))).toEqual([true, true, true, false, false]);
  });
});

describe('canSetContactGroup', () => {
  it.each(PLANS.flatMap((plan) => roles.map((role) => [role, plan] as const)))(
    '%s in a %s workspace',
    (role, plan) => {
      const editor = role === 'admin' || role === 'workspace_manager';
      expect(canSetContactGroup(role, plan)).toBe(editor && plan !== 'free');
    },
  );
});

describe('calendar feed', () => {
  it('every member sees its URL; admins and workspace managers replace its key', () => {
    expect(roles.map((role) => canSeeCalendarFeed(role))).toEqual([true, true, true, false, false]);
    expect(roles.map((role) => canRotateCalendarFeed(role))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('trusted certificate authorities', () => {
  it('every member sees them; only admins add or remove one', () => {
    expect(roles.map((role) => canSeeTrustedCertificateAuthorities(role))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(roles.map((role) => canManageTrustedCertificateAuthorities(role))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
