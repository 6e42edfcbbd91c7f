import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_ID_PLACEHOLDER,
  awsDiscoveryRoleCdkSnippet,
  awsDiscoveryRoleTemplate,
  type AwsDiscoveryRoleInput,
} from '@expiry-radar/shared/domain/aws-discovery-role';
import { saveFile } from '../../../lib/save-file';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';

export const AWS_ROLE_MESSAGES = {
  copied: (what: string) => `${what} copied.`,
  copyFailed: 'Copying failed. Select the text and copy it instead.',
} as const;

export async function copy(what: string, text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showSuccessToast(AWS_ROLE_MESSAGES.copied(what));
  } catch {
    showErrorToast(AWS_ROLE_MESSAGES.copyFailed);
  }
}

export function CodeBlock({
  id,
  title,
  text,
  fileName,
  mediaType,
}: {
  id: string;
  title: string;
  text: string;
  fileName: string;
  mediaType: string;
}) {
  return (
    <Stack spacing={1} component="section" aria-labelledby={`${id}-title`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={`${id}-title`} variant="h4" sx={{ fontSize: '0.95rem', flexGrow: 1 }}>
          {title}
        </Typography>
        <Button size="small" onClick={() => void copy(title, text)}>
          Copy {title}
        </Button>
        <Button
          size="small"
          onClick={() => saveFile({ blob: new Blob([text], { type: mediaType }), fileName })}
        >
          Download {fileName}
        </Button>
      </Box>
      <Box
        component="pre"
        tabIndex={0}
        aria-labelledby={`${id}-title`}
        sx={{
          m: 0,
          p: 1.5,
          maxHeight: 220,
          overflow: 'auto',
          fontSize: '0.75rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {text}
      </Box>
    </Stack>
  );
}

/**
 * "Set up the role in your AWS account": the external id the role must require and the role
 * itself, as a CloudFormation template and as a CDK snippet, each to copy or download.
 */
export function AwsRolePanel(props: AwsDiscoveryRoleInput) {
  const { externalId, trustedAccountId } = props;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="aws-role-title" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography id="aws-role-title" variant="h3" sx={{ fontSize: '1rem' }}>
          Set up the role in your AWS account
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Expiry Radar reads your certificates, secrets and access keys through a read-only role it
          assumes with this workspace&apos;s external id. Deploy the template (or the CDK snippet)
          in your account, then paste the role ARN it outputs below.
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2">
            External id: <code>{externalId}</code>
          </Typography>
          <Button size="small" onClick={() => void copy('External id', externalId)}>
            Copy external id
          </Button>
        </Box>
        {trustedAccountId !== null && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2">
              Account to trust (Expiry Radar&apos;s own): <code>{trustedAccountId}</code>
            </Typography>
            <Button size="small" onClick={() => void copy('Account id', trustedAccountId)}>
              Copy account id
            </Button>
          </Box>
        )}
        {trustedAccountId === null && (
          <Typography variant="body2" color="textSecondary">
            The account Expiry Radar runs in is not known here: give it as the template&apos;s
            ExpiryRadarAccountId parameter, or in place of {ACCOUNT_ID_PLACEHOLDER} in the CDK
            snippet.
          </Typography>
        )}
        <CodeBlock
          id="aws-role-template"
          title="CloudFormation template"
          text={awsDiscoveryRoleTemplate(props)}
          fileName="expiry-radar-discovery-role.json"
          mediaType="application/json"
        />
        <CodeBlock
          id="aws-role-cdk"
          title="CDK snippet"
          text={awsDiscoveryRoleCdkSnippet(props)}
          fileName="expiry-radar-discovery-stack.ts"
          mediaType="text/plain"
        />
      </Stack>
    </Paper>
  );
}
