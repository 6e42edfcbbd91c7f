import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { queryParams } from '../../lib/paths';
import { useAlertEmailSubscriptionMutation } from './api/unsubscribe-mutation';

function listInWords(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/**
 * /unsubscribe?token=…: where the "Stop these emails" link of an alert email leads. It asks
 * before it stops anything (a link scanner's visit changes nothing), then says what stopped and
 * offers to resume. Public: the signed link is the proof, no sign-in needed.
 */
export function UnsubscribePage() {
  const [search] = useSearchParams();
  const token = search.get(queryParams.token) ?? '';
  const change = useAlertEmailSubscriptionMutation(token);
  const answer = change.data;
  const workspaces = answer
    ? listInWords(answer.workspaces.map((workspace) => workspace.name))
    : '';

  return (
    <PageFrame
      title="Alert emails"
      documentTitle="Alert emails"
      description="Stop the expiry alert emails of a workspace to your address, or resume them."
    >
      <Box sx={{ maxWidth: 640 }}>
        {!token ? (
          <Alert severity="error">
            This link has no unsubscribe token. Use the link of a recent alert email.
          </Alert>
        ) : answer ? (
          <>
            <Alert severity={answer.subscribed ? 'success' : 'info'} sx={{ mb: 2 }}>
              {answer.subscribed
                ? `Alert emails for ${workspaces} go to ${answer.address} again.`
                : `${answer.address} no longer gets alert emails for ${workspaces}. Webhooks and other recipients are not affected.`}
            </Alert>
            <Button
              variant="outlined"
              onClick={() => change.mutate(!answer.subscribed)}
              loading={change.isPending}
            >
              {answer.subscribed ? 'Stop these emails' : 'Resume these emails'}
            </Button>
          </>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>
              Stop the expiry alert emails this link was sent with? Your address will no longer get
              them for that workspace; you can resume them here.
            </Typography>
            {change.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {change.error.message}
              </Alert>
            )}
            <Button
              variant="contained"
              onClick={() => change.mutate(false)}
              loading={change.isPending}
            >
              Stop these emails
            </Button>
          </>
        )}
      </Box>
    </PageFrame>
  );
}
