import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SetTokenAlertAction,
  TokenAlertActionAnswer,
} from '@expiry-radar/shared/api/alert-action-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import { call } from '../../../lib/api-call';
import { toastRefusal } from '../../../lib/api-client';
import { localIsoDate } from '../../../lib/date-format';
import { alertActionText } from '../../alert-emails';

/** The action is for one expiry: a renewal asks again. */
const alertActionKey = (token: Pick<Token, 'id' | 'expiresAt'>) =>
  ['token-alert-action', token.id, token.expiresAt] as const;

const AS_SCHEDULED = 'Alerts go out as the thresholds say';

/**
 * The token's alert action in its details ("Snoozed until Dec 12, 2026 by ada@example.com"), and
 * for editors the buttons to acknowledge, snooze until a date (never past the expiry) or clear it.
 */
export function TokenAlertAction({
  token,
  canEdit,
  now,
}: {
  token: Token;
  canEdit: boolean;
  now: Date;
}) {
  const queryClient = useQueryClient();
  const [snoozing, setSnoozing] = useState(false);
  const [until, setUntil] = useState('');
  const current = useQuery({
    queryKey: alertActionKey(token),
    queryFn: ({ signal }) =>
      call('getTokenAlertAction', { params: { id: token.id } }, { silent: true, signal }),
    retry: false,
  });
  const change = useMutation({
    mutationFn: (body: SetTokenAlertAction) =>
      call('setTokenAlertAction', { params: { id: token.id }, body }, { silent: true }),
    onSuccess: (answer: TokenAlertActionAnswer) => {
      queryClient.setQueryData(alertActionKey(token), answer);
      setSnoozing(false);
    },
    onError: toastRefusal,
  });
  const action = current.data?.action ?? null;
  const expiryDay = token.expiresAt.slice(0, 10);
  const tomorrow = localIsoDate(new Date(now.getTime() + 86_400_000));
  const expired = expiryDay < tomorrow;

  return (
    <Box component="span" sx={{ display: 'block' }}>
      {current.isPending
        ? '…'
        : current.isError
          ? '—'
          : action
            ? alertActionText(action)
            : AS_SCHEDULED}
      {canEdit && !current.isPending && !current.isError && (
        <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {action?.kind !== 'acknowledged' && (
            <Button
              size="small"
              variant="outlined"
              disabled={change.isPending}
              onClick={() => change.mutate({ kind: 'acknowledged' })}
            >
              Acknowledge
            </Button>
          )}
          {!expired && !snoozing && (
            <Button size="small" variant="outlined" onClick={() => setSnoozing(true)}>
              Snooze…
            </Button>
          )}
          {action && action.kind !== 'renewed' && (
            <Button
              size="small"
              disabled={change.isPending}
              onClick={() => change.mutate({ kind: 'none' })}
            >
              Alert as scheduled
            </Button>
          )}
        </Box>
      )}
      {canEdit && snoozing && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            change.mutate({ kind: 'snoozed', until });
          }}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}
        >
          <TextField
            id={`snooze-until-${token.id}`}
            label="Snooze until"
            type="date"
            size="small"
            required
            value={until}
            onChange={(event) => setUntil(event.target.value)}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: tomorrow, max: expiryDay },
            }}
          />
          <Button type="submit" size="small" variant="contained" loading={change.isPending}>
            Snooze
          </Button>
          <Button size="small" onClick={() => setSnoozing(false)}>
            Cancel
          </Button>
        </Box>
      )}
    </Box>
  );
}
