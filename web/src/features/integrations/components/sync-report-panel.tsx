import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SyncReport } from '@expiry-radar/shared/api/integration-api-schemas';
import { DateText } from '../../../components/date-text';
import { showSuccessToast } from '../../../lib/toasts';
import { useLinkIntegrationToken } from '../api/integrations';

const ACTION_LABELS = {
  create: 'New',
  update: 'Updated',
  remove: 'Removed at source',
  delete: 'Deleted (removed at source long enough)',
} as const;

/** "2 created, 1 updated, 0 removed" (a preview: "would be"). */
export function reportSummary(report: SyncReport): string {
  const counts = `${report.created} created, ${report.updated} updated (${report.renewed} renewed), ${report.removed} removed at source, ${report.deleted > 0 ? `${report.deleted} deleted, ` : ''}${report.unchanged} unchanged`;
  if (report.dry_run && report.errors.length > 0) {
    return `The preview failed: fix what it could not read below, then preview again. So far: ${counts}.`;
  }
  return report.dry_run ? `A first sync would do this: ${counts}.` : `Synced: ${counts}.`;
}

interface SyncReportPanelProps {
  workspaceId: string;
  integrationId: string;
  report: SyncReport;
}

/** What a sync did, or its preview would do: counts, errors, changes and link candidates. */
export function SyncReportPanel({ workspaceId, integrationId, report }: SyncReportPanelProps) {
  const link = useLinkIntegrationToken(workspaceId);
  const [linked, setLinked] = useState<ReadonlySet<string>>(new Set());
  const titleId = `sync-report-${integrationId}`;
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}
    >
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1rem' }}>
        {report.dry_run
          ? report.errors.length > 0
            ? 'Preview failed'
            : 'Preview'
          : 'Last sync report'}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {reportSummary(report)}
      </Typography>
      {report.partial && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {report.partial.message}
        </Alert>
      )}
      {report.errors.length > 0 && (
        <Alert severity={report.dry_run ? 'error' : 'warning'} sx={{ mt: 1 }}>
          {report.errors.map((error) => (
            <div key={error}>{error}</div>
          ))}
        </Alert>
      )}
      {report.changes.length > 0 && (
        <List dense aria-label={report.dry_run ? 'Changes a sync would make' : 'Changes made'}>
          {report.changes.map((change) => (
            <ListItem key={`${change.action}:${change.external_id}`} disableGutters>
              <ListItemText
                primary={`${ACTION_LABELS[change.action]}: ${change.name}`}
                secondary={
                  <>
                    Expires <DateText value={change.expires_at} kind="date" />
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {report.link_candidates.length > 0 && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <Typography variant="body2">
            Found with the name and type of a token typed in by hand (not created twice). Link them
            so later syncs keep that token up to date:
          </Typography>
          <List dense aria-label="Link candidates">
            {report.link_candidates.map((candidate) => {
              const done = linked.has(candidate.token_id);
              return (
                <ListItem
                  key={candidate.token_id}
                  disableGutters
                  secondaryAction={
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={done || link.isPending}
                      aria-label={done ? `${candidate.name} linked` : `Link ${candidate.name}`}
                      onClick={() => {
                        link.mutate(
                          {
                            iid: integrationId,
                            tokenId: candidate.token_id,
                            externalId: candidate.external_id,
                          },
                          {
                            onSuccess: () => {
                              setLinked((previous) => new Set(previous).add(candidate.token_id));
                              showSuccessToast(`${candidate.name} is linked to its source.`);
                            },
                          },
                        );
                      }}
                    >
                      {done ? 'Linked' : 'Link'}
                    </Button>
                  }
                >
                  <ListItemText primary={candidate.name} secondary={candidate.external_id} />
                </ListItem>
              );
            })}
          </List>
        </Stack>
      )}
    </Box>
  );
}
