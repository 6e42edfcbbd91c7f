import { countText } from '@expiry-radar/shared/domain/count-text';
import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { EXPORT_DEFAULT_LIMIT, type ExportFormat } from '@expiry-radar/shared/constants/paging';
import {
  addCalendarDays,
  EARLIEST_DATE,
  parseDate,
} from '@expiry-radar/shared/domain/calendar-date';
import { localIsoDate } from '../../../lib/date-format';
import { saveFile } from '../../../lib/save-file';
import { useExportAuditMutation } from '../api/audit-export';
import { exportQuery, type AuditScope } from '../audit-scope';

interface AuditExportPanelProps {
  scope: AuditScope;
  workspaceId: string | null;
  /** "the workspace Main", "your activity"… */
  scopeText: string;
}

/**
 * The earliest day offered: the server takes dates from 1970 on, and the start of 1970-01-01 in a
 * zone east of UTC is still in 1969.
 */
const EARLIEST_SINCE = addCalendarDays(parseDate(EARLIEST_DATE) ?? new Date(0), 1);

/**
 * Export of the scope's events, optionally since a date, as JSON or CSV; the file keeps the
 * server's name. Failures show the error catalogue's toast (the API client).
 */
export function AuditExportPanel({ scope, workspaceId, scopeText }: AuditExportPanelProps) {
  const [since, setSince] = useState('');
  const exporting = useExportAuditMutation();
  const busy = exporting.isPending ? exporting.variables.format : null;
  const [saved, setSaved] = useState<string | null>(null);
  // Today in the browser's zone, as the date field writes it (YYYY-MM-DD).
  const max = localIsoDate(new Date());
  const tooLate = since !== '' && since > max;
  const tooEarly = since !== '' && since < EARLIEST_SINCE;
  const invalid = tooLate || tooEarly;

  const download = async (format: ExportFormat) => {
    setSaved(null);
    try {
      const file = await exporting.mutateAsync(exportQuery({ scope, workspaceId, format, since }));
      saveFile(file);
      setSaved(file.fileName);
    } catch {
      // The API client has shown the error.
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="audit-export-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="audit-export-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
        Export
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, mb: 2 }}>
        Downloads the events of {scopeText}, newest first, up to {countText(EXPORT_DEFAULT_LIMIT)}{' '}
        per file.
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      >
        <TextField
          type="date"
          size="small"
          label="Since"
          value={since}
          onChange={(event) => setSince(event.target.value)}
          error={invalid}
          helperText={
            tooLate
              ? 'Pick a date that is not in the future.'
              : tooEarly
                ? `Pick a date from ${EARLIEST_SINCE} on.`
                : 'Optional; from the start of that day'
          }
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: EARLIEST_SINCE, max } }}
          sx={{ minWidth: 180 }}
        />
        {(['json', 'csv'] as const).map((format) => (
          <Button
            key={format}
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={busy !== null || invalid}
            loading={busy === format}
            onClick={() => void download(format)}
            sx={{ minHeight: 40 }}
          >
            Export {format.toUpperCase()}
          </Button>
        ))}
      </Stack>
      <Typography role="status" variant="body2" color="textSecondary" sx={{ mt: 1, minHeight: 20 }}>
        {saved ? `Downloaded ${saved}` : ''}
      </Typography>
    </Paper>
  );
}
