import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { paths, twoFactorSettingsPath } from '../../../lib/paths';
import { useSetTwoFactorRequirementMutation } from '../api/workspace-mutations';

export const REQUIREMENT_LABEL = 'Require two-factor for members';
export const REQUIREMENT_HELP =
  'Members without two-factor authentication can use nothing in this workspace until they turn it on.';
export const REQUIREMENT_PLAN_NOTE = 'Available on the Team and Enterprise plans.';
export const REQUIREMENT_ENROL_FIRST =
  'Turn on two-factor authentication for your own account first, so that the requirement does not lock you out.';
export const BLOCKED_NOTICE =
  'This workspace requires two-factor authentication. Turn it on for your account to use this workspace.';

/** Whether the workspace requires two-factor authentication the user does not have. */
export function isBlockedByTwoFactor(
  workspace: Pick<Workspace, 'require_two_factor'> | null | undefined,
  twoFactorEnabled: boolean | undefined,
): boolean {
  return Boolean(workspace?.require_two_factor) && !twoFactorEnabled;
}

/** The notice of a member without two-factor in a workspace that requires it, with its way out. */
export function TwoFactorRequiredNotice({ workspaceName }: { workspaceName?: string }) {
  return (
    <Alert severity="warning" role="alert">
      {workspaceName ? `${workspaceName}: ` : ''}
      {BLOCKED_NOTICE}{' '}
      <Link component={RouterLink} to={twoFactorSettingsPath} color="inherit">
        Set up two-factor authentication
      </Link>
    </Alert>
  );
}

/** The admin's switch of the workspace's two-factor requirement; what others are told of it. */
export function TwoFactorRequirement({
  workspace,
  twoFactorEnabled,
}: {
  workspace: Workspace;
  twoFactorEnabled: boolean;
}) {
  const change = useSetTwoFactorRequirementMutation(workspace.id);
  const required = Boolean(workspace.require_two_factor);
  if (workspace.role !== 'admin') {
    return required ? (
      <Typography variant="body2" color="textSecondary">
        Its admins require two-factor authentication of every member.
      </Typography>
    ) : null;
  }
  const planAllows = PLAN_LIMITS[workspace.plan].requireTwoFactor;
  // Turning it off is always possible; turning it on needs the plan and the admin's own 2FA.
  const canTurnOn = planAllows && twoFactorEnabled && !workspace.is_frozen;
  const disabled = change.isPending || (!required && !canTurnOn);
  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        control={
          <Switch
            checked={required}
            disabled={disabled}
            onChange={(event) => change.mutate(event.target.checked)}
          />
        }
        label={REQUIREMENT_LABEL}
      />
      <Typography variant="body2" color="textSecondary">
        {REQUIREMENT_HELP}{' '}
        {!planAllows && (
          <>
            {REQUIREMENT_PLAN_NOTE}{' '}
            <Link component={RouterLink} to={paths.pricing}>
              See plans
            </Link>
          </>
        )}
        {planAllows && !twoFactorEnabled && !required && (
          <>
            {REQUIREMENT_ENROL_FIRST}{' '}
            <Link component={RouterLink} to={twoFactorSettingsPath}>
              Set up two-factor authentication
            </Link>
          </>
        )}
      </Typography>
    </Stack>
  );
}
