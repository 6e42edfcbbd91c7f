import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { canManageIntegrations, canSeeUsage } from '@expiry-radar/shared/domain/permissions';
import { isPlan } from '@expiry-radar/shared/domain/plans';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import { accountSettingsPath, paths, queryParams } from '../../lib/paths';

export const UPGRADE_FOR_WORKSPACES_HINT = 'Upgrade to create more workspaces';

export interface NavContext {
  isLoggedIn: boolean;
  /** The session's email is verified (workspaces can be read). */
  verified: boolean;
  /** The user's plan as the session gives it. */
  userPlan: string;
  selectedWorkspace: Workspace | null;
  /** Workspaces the picker offers (frozen ones excluded). */
  workspaceCount: number;
  /** The workspace list is still on its way. */
  workspacesLoading: boolean;
}

export interface NavItem {
  key: 'tokens' | 'usage' | 'integrations' | 'docs' | 'pricing' | 'help' | 'audit' | 'workspaces';
  label: string;
  to: string;
}

export function planOf(value: string): Plan {
  return isPlan(value) ? value : 'free';
}

/**
 * The top bar's links in their fixed order, each shown exactly to who may open its page: Pricing
 * to everyone; Tokens, Docs and Help once signed in (their routes need a session, so a visitor is
 * not offered them); Usage to a verified admin or workspace manager of the selected workspace
 * (shared/domain/permissions), and Integrations to the same; Audit and Workspaces to every verified user, on any plan and in any
 * role, as the server answers any verified session its own audit trail and its workspaces.
 */
export function visibleNavItems(context: NavContext): NavItem[] {
  const role = context.selectedWorkspace?.role;
  const signedIn = context.isLoggedIn && context.verified;
  const items: (NavItem | false)[] = [
    context.isLoggedIn && { key: 'tokens', label: 'Tokens', to: paths.dashboard },
    signedIn && canSeeUsage(role) && { key: 'usage', label: 'Usage', to: paths.usage },
    signedIn &&
      canManageIntegrations(role) && {
        key: 'integrations',
        label: 'Integrations',
        to: paths.integrations,
      },
    context.isLoggedIn && { key: 'docs', label: 'Docs', to: paths.docs },
    { key: 'pricing', label: 'Pricing', to: paths.pricing },
    context.isLoggedIn && { key: 'help', label: 'Help', to: paths.help },
    signedIn && { key: 'audit', label: 'Audit', to: paths.audit },
    signedIn && { key: 'workspaces', label: 'Workspaces', to: paths.workspaces },
  ];
  return items.filter((item): item is NavItem => item !== false);
}

export interface WorkspacePickerState {
  visible: boolean;
  /**
   * The list is still loading for a user who will get a picker: its place is kept, so the bar's
   * links do not move under the pointer when it arrives.
   */
  loading: boolean;
  disabled: boolean;
  hint: string | null;
}

/** Disabled on the free plan with one workspace, with the upgrade hint. */
export function workspacePickerState(context: NavContext): WorkspacePickerState {
  const canPick = context.isLoggedIn && context.verified;
  const visible = canPick && context.workspaceCount > 0;
  const locked = planOf(context.userPlan) === 'free' && context.workspaceCount <= 1;
  return {
    visible,
    loading: canPick && context.workspacesLoading,
    disabled: locked,
    hint: locked ? UPGRADE_FOR_WORKSPACES_HINT : null,
  };
}

/** The user menu's links: Account Settings, Preferences, Billing & Plans (Sign Out is an action). */
export const userMenuLinks = [
  { label: 'Account Settings', to: accountSettingsPath },
  { label: 'Preferences', to: paths.preferences },
  { label: 'Billing & Plans', to: paths.billing },
] as const;

/**
 * Whether the link `to` leads to the page shown at `location`: the same path or one below it
 * (the Docs link for every docs page), and the same view (the account view of /dashboard is
 * not the Tokens page).
 */
export function isCurrentPage(
  to: string,
  location: { readonly pathname: string; readonly search: string },
): boolean {
  const target = new URL(to, 'http://app.invalid');
  const samePath =
    location.pathname === target.pathname || location.pathname.startsWith(`${target.pathname}/`);
  const view = new URLSearchParams(location.search).get(queryParams.view);
  return samePath && view === target.searchParams.get(queryParams.view);
}
