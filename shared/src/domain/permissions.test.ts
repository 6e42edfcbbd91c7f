import type { Plan } from './plans';
import { PLANS } from './plans';
import type { Role } from './roles';
import {
  canCreateToken,
  canDeleteToken,
  canEditToken,
  canManageAlertSettings,
  canManageMembers,
  canRenameOrDeleteWorkspace,
  canRenewToken,
  canSeeAuditAndWorkspaces,
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

describe('canSeeAuditAndWorkspaces', () => {
  const cases: Array<[Role, Plan, Plan, boolean]> = [
    ['admin', 'pro', 'pro', true],
    ['admin', 'team', 'free', true],
    ['admin', 'enterprise', 'enterprise', true],
    ['admin', 'free', 'free', false],
    ['admin', 'free', 'pro', false],
    ['workspace_manager', 'free', 'pro', true],
    ['workspace_manager', 'free', 'team', true],
    ['workspace_manager', 'free', 'free', false],
    ['workspace_manager', 'pro', 'pro', false],
    ['viewer', 'free', 'pro', false],
    ['viewer', 'pro', 'pro', false],
  ];

  it.each(cases)(
    '%s with user plan %s in a %s workspace: %s',
    (role, userPlan, workspacePlan, expected) => {
      expect(canSeeAuditAndWorkspaces({ role, userPlan, workspacePlan })).toBe(expected);
    },
  );

  it('is false without a role', () => {
    expect(canSeeAuditAndWorkspaces({ role: null, userPlan: 'pro', workspacePlan: 'pro' })).toBe(
      false,
    );
  });
});
