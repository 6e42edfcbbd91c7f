import { countText } from '@expiry-radar/shared/domain/count-text';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  AlertChannelState,
  AlertQueueItem,
  AlertStats,
  DeliveryStatus,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import {
  isWebhookKind,
  SLACK_APP_CHANNEL,
  WEBHOOK_KIND_LABELS,
} from '@expiry-radar/shared/domain/alerts';
import { CellText, oneLineTableSx } from '../../../components/cell-text';
import { DateText } from '../../../components/date-text';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { RecordCard, RecordCardList } from '../../../components/record-cards';
import { formatDateText } from '../../../lib/date-format';
import {
  useRefreshAlerts,
  useRequeueAlertsMutation,
  useRetryAlertMutation,
} from '../api/alert-queue-mutations';
import { alertQueueQueryOptions, alertStatsQueryOptions } from '../api/alert-queue-queries';
import { ALERT_STATUS_LABELS } from './recent-alert-text';

const alertStatusColor = {
  pending: 'info',
  sent: 'success',
  partial: 'warning',
  failed: 'error',
} as const;

/** Below this width the queue's columns do not fit: one card per alert. */
const ALERT_TABLE_BREAKPOINT = 'lg';

function AlertStatusChip({ status }: { status: AlertQueueItem['status'] }) {
  return <Chip size="small" label={ALERT_STATUS_LABELS[status]} color={alertStatusColor[status]} />;
}

const DELIVERY_STATUS_LABELS: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
};

const deliveryColor: Record<DeliveryStatus, 'info' | 'success' | 'error' | 'default'> = {
  pending: 'info',
  sent: 'success',
  failed: 'error',
  skipped: 'default',
};

/**
 * The alert's window: "7 days before expiry", "1 day before expiry", "Expires today"; an
 * escalation (after the last window) says so, and an endpoint problem's alert says what is wrong.
 */
export function describeWindow(
  item: Pick<AlertQueueItem, 'threshold' | 'escalation' | 'problem'> &
    Partial<Pick<AlertQueueItem, 'renewal_overdue'>>,
): string {
  if (item.problem) return item.problem;
  if (item.escalation) return 'Escalation: still not renewed';
  if (item.renewal_overdue) return 'Renewal overdue: not renewed automatically';
  const days = item.threshold;
  if (days <= 0) return 'Expires today';
  return days === 1 ? '1 day before expiry' : `${days} days before expiry`;
}

/** "Email", "Slack: ops-alerts" (channel ids are `email` or `webhook:<name>`). */
export function channelLabel(channel: AlertChannelState): string {
  if (channel.channel === 'email') return 'Email';
  if (channel.kind === SLACK_APP_CHANNEL) return 'Slack app';
  const name = channel.channel.startsWith('webhook:')
    ? channel.channel.slice('webhook:'.length)
    : channel.channel;
  const kind = isWebhookKind(channel.kind) ? WEBHOOK_KIND_LABELS[channel.kind] : channel.kind;
  return `${kind}: ${name}`;
}

function StatFigure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5, minWidth: 140, flex: '1 1 140px' }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 600 }}>{value}</Typography>
    </Paper>
  );
}

function AlertStatsFigures({ stats }: { stats: AlertStats }) {
  const limit = stats.deliveries_limit;
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1.5}
      sx={{ flexWrap: 'wrap', mb: 2 }}
      aria-label={`Alert deliveries in ${formatDateText(stats.month, 'month')}`}
      role="group"
    >
      <StatFigure
        label="Deliveries this month"
        value={
          limit === null
            ? countText(stats.deliveries_this_month)
            : `${countText(stats.deliveries_this_month)} / ${countText(limit)}`
        }
      />
      <StatFigure label="Sent" value={countText(stats.totals.successes)} />
      <StatFigure label="Failed" value={countText(stats.totals.failures)} />
      <StatFigure label="Attempts" value={countText(stats.totals.attempts)} />
    </Stack>
  );
}

interface ChannelListProps {
  item: AlertQueueItem;
  canRetry: boolean;
  retrying: string | null;
  onRetry: (channel: string) => void;
}

function ChannelList({ item, canRetry, retrying, onRetry }: ChannelListProps) {
  if (item.channels.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        No channel
      </Typography>
    );
  }
  return (
    <Stack spacing={1}>
      {item.channels.map((channel) => {
        const key = `${item.id}:${channel.channel}`;
        return (
          <Stack key={channel.channel} spacing={0.25}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" component="div">
                <CellText text={channelLabel(channel)} minWidth="3rem" />
              </Typography>
              <Chip
                size="small"
                label={DELIVERY_STATUS_LABELS[channel.status]}
                color={deliveryColor[channel.status]}
              />
              {canRetry && channel.status === 'failed' && (
                <Button
                  size="small"
                  startIcon={<ReplayOutlined />}
                  disabled={retrying === key}
                  onClick={() => onRetry(channel.channel)}
                  aria-label={`Retry ${channelLabel(channel)} for ${item.token_name}`}
                >
                  Retry
                </Button>
              )}
            </Stack>
            {channel.channel === 'email' && channel.recipients.length > 0 ? (
              <Stack
                component="ul"
                spacing={0.5}
                sx={{ listStyle: 'none', m: 0, pl: 1.5 }}
                aria-label={`Email recipients of ${item.token_name}`}
              >
                {channel.recipients.map((recipient) => (
                  <RecipientLine
                    key={recipient.channel || recipient.target}
                    item={item}
                    recipient={recipient}
                    canRetry={canRetry}
                    retrying={retrying}
                    onRetry={onRetry}
                  />
                ))}
              </Stack>
            ) : (
              <Typography variant="caption" color="textSecondary" component="div">
                <CellText text={attemptsText(channel)} />
              </Typography>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

type Recipient = AlertChannelState['recipients'][number];

/** "2 attempts · Mailbox unavailable". */
function attemptsText(delivery: Pick<Recipient, 'attempts' | 'last_error'>): string {
  const attempts = `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`;
  return delivery.last_error ? `${attempts} · ${delivery.last_error}` : attempts;
}

/**
 * One email recipient of an alert: each gets it in a digest of their own, so each has its own
 * state and can be retried alone.
 */
function RecipientLine({
  item,
  recipient,
  canRetry,
  retrying,
  onRetry,
}: {
  item: AlertQueueItem;
  recipient: Recipient;
  canRetry: boolean;
  retrying: string | null;
  onRetry: (channel: string) => void;
}) {
  const sent = recipient.sent_at ? ` · sent ${formatDateText(recipient.sent_at, 'dateTime')}` : '';
  return (
    <Stack component="li" spacing={0}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" component="div">
          <CellText text={recipient.target} minWidth="6rem" maxWidth="16rem" />
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={DELIVERY_STATUS_LABELS[recipient.status]}
          color={deliveryColor[recipient.status]}
        />
        {canRetry && recipient.status === 'failed' && recipient.channel !== '' && (
          <Button
            size="small"
            startIcon={<ReplayOutlined />}
            disabled={retrying === `${item.id}:${recipient.channel}`}
            onClick={() => onRetry(recipient.channel)}
            aria-label={`Retry email to ${recipient.target} for ${item.token_name}`}
          >
            Retry
          </Button>
        )}
      </Stack>
      <Typography variant="caption" color="textSecondary" component="div">
        <CellText text={`${attemptsText(recipient)}${sent}`} />
      </Typography>
    </Stack>
  );
}

interface AlertQueuePanelProps {
  workspaceId: string;
  /** Admins and workspace managers requeue and retry. */
  canManage: boolean;
}

/**
 * The workspace's alerts with their delivery state per channel (email and each webhook): requeue
 * the failed ones, or retry one channel; this month's delivery figures above.
 */
export function AlertQueuePanel({ workspaceId, canManage }: AlertQueuePanelProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down(ALERT_TABLE_BREAKPOINT), { noSsr: true });
  const queue = useInfiniteQuery(alertQueueQueryOptions(workspaceId));
  const stats = useQuery(alertStatsQueryOptions(workspaceId));
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const hasFailures = items.some(
    (item) => item.status === 'failed' || item.status === 'partial' || item.dead_lettered,
  );

  const refresh = useRefreshAlerts();
  const requeue = useRequeueAlertsMutation(workspaceId);
  const retry = useRetryAlertMutation();
  const retrying =
    retry.isPending && retry.variables
      ? `${retry.variables.alertId}:${retry.variables.channel}`
      : null;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="alert-queue-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
      >
        <Box>
          <Typography id="alert-queue-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
            Alert queue
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            Each alert with its delivery per channel, and per email recipient (each gets it in a
            digest of their own). Failed deliveries are retried with backoff; after the last attempt
            they wait here until requeued.
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button onClick={() => void refresh()} disabled={queue.isFetching}>
            Refresh
          </Button>
          {canManage && (
            <Button
              variant="outlined"
              onClick={() => requeue.mutate()}
              disabled={requeue.isPending || !hasFailures}
            >
              {requeue.isPending ? 'Requeueing…' : 'Requeue failed'}
            </Button>
          )}
        </Stack>
      </Stack>

      {stats.isSuccess && <AlertStatsFigures stats={stats.data} />}

      {queue.isPending ? (
        <Typography color="textSecondary" role="status">
          Loading alerts…
        </Typography>
      ) : queue.isError ? (
        <LoadErrorAlert onRetry={queue.refetch}>
          The alert queue could not be loaded.
        </LoadErrorAlert>
      ) : items.length === 0 ? (
        <Typography color="textSecondary">
          No alerts yet. They appear here when tokens of this workspace reach a threshold.
        </Typography>
      ) : (
        <>
          {narrow ? (
            <RecordCardList aria-labelledby="alert-queue-title">
              {items.map((item) => (
                <RecordCard
                  key={item.id}
                  title={item.token_name}
                  badge={<AlertStatusChip status={item.status} />}
                  details={[
                    ['Expires', formatDateText(item.expires_at, 'day')],
                    ['Window', describeWindow(item)],
                    ['Attempts', String(item.attempts)],
                    ['Last error', item.last_error ?? '—'],
                    ['Next attempt', formatDateText(item.next_attempt_at, 'dateTime')],
                  ]}
                >
                  {item.dead_lettered && (
                    <Typography variant="caption" color="error" component="p" sx={{ mt: 1 }}>
                      Waiting for requeue
                    </Typography>
                  )}
                  <Box sx={{ mt: 1.5 }}>
                    <ChannelList
                      item={item}
                      canRetry={canManage}
                      retrying={retrying}
                      onRetry={(channel) => retry.mutate({ alertId: item.id, channel })}
                    />
                  </Box>
                </RecordCard>
              ))}
            </RecordCardList>
          ) : (
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-labelledby="alert-queue-title" sx={oneLineTableSx}>
                <TableHead>
                  <TableRow>
                    <TableCell>Token</TableCell>
                    <TableCell>Window</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Channels</TableCell>
                    <TableCell align="right">Attempts</TableCell>
                    <TableCell>Last error</TableCell>
                    <TableCell>Next attempt</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((item) => (
                    <TableRow key={item.id} sx={{ verticalAlign: 'top' }}>
                      <TableCell component="th" scope="row">
                        <Typography variant="body2" component="div" sx={{ fontWeight: 600 }}>
                          <CellText text={item.token_name} minWidth="8rem" />
                        </Typography>
                        <Typography variant="caption" color="textSecondary">
                          Expires <DateText value={item.expires_at} kind="day" />
                        </Typography>
                      </TableCell>
                      <TableCell>{describeWindow(item)}</TableCell>
                      <TableCell>
                        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                          <AlertStatusChip status={item.status} />
                          {item.dead_lettered && (
                            <Typography variant="caption" color="error">
                              Waiting for requeue
                            </Typography>
                          )}
                        </Stack>
                      </TableCell>
                      <TableCell>
                        <ChannelList
                          item={item}
                          canRetry={canManage}
                          retrying={retrying}
                          onRetry={(channel) => retry.mutate({ alertId: item.id, channel })}
                        />
                      </TableCell>
                      <TableCell align="right">{item.attempts}</TableCell>
                      <TableCell>
                        <CellText text={item.last_error ?? '—'} maxWidth="16rem" />
                      </TableCell>
                      <TableCell>
                        <DateText value={item.next_attempt_at} kind="dateTime" />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {queue.hasNextPage && (
            <Box sx={{ mt: 1.5 }}>
              <Button
                onClick={() => void queue.fetchNextPage()}
                disabled={queue.isFetchingNextPage}
              >
                {queue.isFetchingNextPage ? 'Loading…' : 'Load more alerts'}
              </Button>
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}
