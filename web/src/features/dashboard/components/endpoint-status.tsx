import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  endpointKeyOf,
  endpointLabel,
  type EndpointCheck,
  type TokenEndpoint,
} from '@expiry-radar/shared/domain/endpoints';
import { cellTextClasses } from '../../../components/cell-text';
import { DateText } from '../../../components/date-text';

type Tone = 'default' | 'success' | 'info' | 'warning' | 'error';

export const PAUSED_ENDPOINT_HELP =
  "Paused (over your plan's limit): the workspace's plan allows fewer monitored endpoints than it has, and the oldest certificates' endpoints are checked. Remove some or upgrade to check this one again.";

/** An endpoint's status in a word, and the chip colour that goes with it. */
export function endpointStatusOf(endpoint: TokenEndpoint): { label: string; tone: Tone } {
  if (endpoint.paused_since) return { label: 'Paused', tone: 'default' };
  return checkStatusOf(endpoint.last_check);
}

function checkStatusOf(check: EndpointCheck | null | undefined): { label: string; tone: Tone } {
  if (!check) return { label: 'Not checked yet', tone: 'default' };
  switch (check.status) {
    case 'ok':
      return { label: 'OK', tone: 'success' };
    case 'renewed':
      return { label: 'Renewed', tone: 'info' };
    case 'failing':
      return { label: 'Failing', tone: 'warning' };
    case 'problem':
      return { label: 'Problem', tone: 'error' };
  }
}

const TONE_COLOURS: Readonly<Record<Tone, string>> = {
  default: 'text.secondary',
  success: 'success.main',
  info: 'info.main',
  warning: 'warning.main',
  error: 'error.main',
};

/**
 * The table's endpoint cell: per endpoint a small status word and its address, the problem and
 * the time of the last check in the tooltip (a card shows hundreds of rows: plain elements).
 */
export function EndpointStatusCell({ endpoints }: { endpoints: readonly TokenEndpoint[] }) {
  return (
    <>
      {endpoints.map((endpoint) => {
        const { label, tone } = endpointStatusOf(endpoint);
        const key = endpointKeyOf(endpoint);
        const title = endpoint.paused_since
          ? PAUSED_ENDPOINT_HELP
          : endpoint.last_check
            ? `${endpoint.last_check.message} (checked ${endpoint.last_check.checked_at})`
            : 'Checked within the next hours';
        return (
          <Box
            key={key}
            component="span"
            title={`${endpointLabel(endpoint)}: ${title}`}
            sx={{ display: 'flex', alignItems: 'baseline', fontSize: '0.8125rem' }}
          >
            <Box
              component="span"
              sx={{ color: TONE_COLOURS[tone], fontWeight: 700, mr: 0.75, flex: 'none' }}
            >
              {label}
            </Box>
            {/* Cut with an ellipsis like the table's other texts, so the Actions stay in view. */}
            <span className={cellTextClasses.clip}>
              <span className={cellTextClasses.text}>{endpointLabel(endpoint)}</span>
            </span>
          </Box>
        );
      })}
    </>
  );
}

/** The details dialog's list: each endpoint's status chip, the problem in words, when checked. */
export function EndpointStatusList({ endpoints }: { endpoints: readonly TokenEndpoint[] }) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {endpoints.map((endpoint) => {
        const { label, tone } = endpointStatusOf(endpoint);
        const key = endpointKeyOf(endpoint);
        return (
          <li key={key}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Chip size="small" label={label} color={tone} />
              <span>{endpointLabel(endpoint)}</span>
            </Box>
            {endpoint.paused_since && (
              <Typography variant="body2" color="textSecondary">
                {PAUSED_ENDPOINT_HELP}
              </Typography>
            )}
            {endpoint.last_check && (
              <Typography variant="body2" color="textSecondary">
                {endpoint.last_check.message} · checked{' '}
                <DateText value={endpoint.last_check.checked_at} kind="dateTime" />
              </Typography>
            )}
          </li>
        );
      })}
    </Box>
  );
}
