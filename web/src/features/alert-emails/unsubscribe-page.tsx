import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { refusalMessage } from '../../lib/api-client';
import { queryParams } from '../../lib/paths';
import type { AlertEmailSubscriptionAnswer } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { useAlertEmailSubscriptionMutation } from './api/unsubscribe-mutation';

function listInWords(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/** What the page says of an answer: what stopped or resumed, for whom. */
function outcomeText(answer: AlertEmailSubscriptionAnswer): string {
  if (answer.kind === 'weekly_summary') {
    return answer.subscribed
      ? `The weekly summary goes to ${answer.address} again.`
      : `${answer.address} no longer gets the weekly summary. Alert emails are not affected; you can turn it on again in Account settings.`;
  }
  const workspaces = listInWords(answer.workspaces.map((workspace) => workspace.name));
  return answer.subscribed
    ? `Alert emails for ${workspaces} go to ${answer.address} again.`
    : `${answer.address} no longer gets alert emails for ${workspaces}. Webhooks and other recipients are not affected.`;
}

/**
 * /unsubscribe?token=…: where the "Stop these emails" link of an alert email (or the "Stop the
 * weekly summary" link of the weekly summary, with `about=weekly-summary`) leads. It asks before
 * it stops anything (a link scanner's visit changes nothing), then says what stopped and offers to
 * resume. Public: the signed link is the proof, no sign-in needed.
 */
export function UnsubscribePage() {
  const [search] = useSearchParams();
  const token = search.get(queryParams.token) ?? '';
  const change = useAlertEmailSubscriptionMutation(token);
  const answer = change.data;
  const summary = answer
    ? answer.kind === 'weekly_summary'
    : search.get(queryParams.about) === 'weekly-summary';
  const stopLabel = summary ? 'Stop the weekly summary' : 'Stop these emails';
  const resumeLabel = summary ? 'Resume the weekly summary' : 'Resume these emails';

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
              {outcomeText(answer)}
            </Alert>
            <Button
              variant="outlined"
              onClick={() => change.mutate(!answer.subscribed)}
              loading={change.isPending}
            >
              {answer.subscribed ? stopLabel : resumeLabel}
            </Button>
          </>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>
              {summary
                ? 'Stop the weekly summary this link was sent with? Your address will no longer get it; you can resume it here.'
                : 'Stop the expiry alert emails this link was sent with? Your address will no longer get them for that workspace; you can resume them here.'}
            </Typography>
            {change.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {refusalMessage(change.error)}
              </Alert>
            )}
            <Button
              variant="contained"
              onClick={() => change.mutate(false)}
              loading={change.isPending}
            >
              {stopLabel}
            </Button>
          </>
        )}
      </Box>
    </PageFrame>
  );
}
