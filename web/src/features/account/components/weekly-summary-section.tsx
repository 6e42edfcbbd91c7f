import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  updateWeeklySummaryBody,
  WEEKLY_SUMMARY_HORIZON_DAYS,
  WEEKLY_SUMMARY_LOCAL_TIME,
  type WeeklySummarySettings,
} from '@expiry-radar/shared/api/weekly-summary-api-schemas';
import { DateText } from '../../../components/date-text';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { Spinner } from '../../../components/spinner';
import { browserTimeZone, TimeZoneField } from '../../../components/time-zone-field';
import { toastRefusal } from '../../../lib/api-client';
import { apiFieldErrors } from '../../../lib/api-error-details';
import { showSuccessToast } from '../../../lib/toasts';
import { useSaveWeeklySummaryMutation, weeklySummaryQueryOptions } from '../api/weekly-summary-api';
import { SectionCard } from './section-card';

export const WEEKLY_SUMMARY_MESSAGES = {
  on: 'Weekly summary turned on',
  off: 'Weekly summary turned off',
  saved: 'Weekly summary saved',
} as const;

function WeeklySummaryForm({ settings }: { settings: WeeklySummarySettings }) {
  const save = useSaveWeeklySummaryMutation();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [timeZone, setTimeZone] = useState(settings.time_zone ?? browserTimeZone());
  const [problem, setProblem] = useState<string | undefined>();
  // The zone only matters while the summary is on.
  const changed = enabled !== settings.enabled || (enabled && timeZone !== settings.time_zone);

  const submit = async () => {
    const parsed = updateWeeklySummaryBody.safeParse({ enabled, time_zone: timeZone });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    try {
      const answer = await save.mutateAsync(parsed.data);
      showSuccessToast(
        answer.enabled === settings.enabled
          ? WEEKLY_SUMMARY_MESSAGES.saved
          : answer.enabled
            ? WEEKLY_SUMMARY_MESSAGES.on
            : WEEKLY_SUMMARY_MESSAGES.off,
      );
    } catch (error) {
      const field = apiFieldErrors(error).time_zone;
      if (field) setProblem(field);
      else toastRefusal(error);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby="account-weekly-summary"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ maxWidth: 520 }}
    >
      <FormControlLabel
        control={
          <Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        }
        label="Email me a weekly summary"
      />
      {enabled && (
        <TimeZoneField
          value={timeZone}
          onChange={setTimeZone}
          error={problem}
          helperText={`Sent on Mondays at ${WEEKLY_SUMMARY_LOCAL_TIME} in this time zone.`}
        />
      )}
      {settings.enabled && settings.next_send_at && !changed && (
        <Typography variant="body2" color="textSecondary">
          Next summary: <DateText value={settings.next_send_at} kind="dateTime" />
        </Typography>
      )}
      <Stack direction="row" spacing={1.5}>
        <Button type="submit" variant="contained" disabled={save.isPending || !changed}>
          Save weekly summary
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * The weekly summary email: on or off, and the time zone whose Monday morning it goes out in.
 * Keyed by the answer, so a save resets the form to what the server now holds.
 */
export function WeeklySummarySection() {
  const query = useQuery(weeklySummaryQueryOptions());
  return (
    <SectionCard
      id="account-weekly-summary"
      title="Weekly summary"
      description={`An email on Monday mornings: what expires in the next ${WEEKLY_SUMMARY_HORIZON_DAYS} days across your workspaces, and what was renewed last week.`}
    >
      {query.isPending ? (
        <Spinner minHeight={80} />
      ) : query.isError ? (
        <LoadErrorAlert onRetry={query.refetch}>
          The weekly summary settings could not be loaded.
        </LoadErrorAlert>
      ) : (
        <WeeklySummaryForm
          key={`${String(query.data.enabled)}:${query.data.time_zone ?? ''}`}
          settings={query.data}
        />
      )}
    </SectionCard>
  );
}
