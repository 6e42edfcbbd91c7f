import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  IMPORT_CONTENT_MAX_LENGTH,
  type ImportTokensResponse,
} from '@expiry-radar/shared/api/inventory-api-schemas';
import { countText } from '@expiry-radar/shared/domain/count-text';
import type { NumericDates } from '@expiry-radar/shared/domain/import-dates';
import { resolveColumnMapping, type ColumnMapping } from '@expiry-radar/shared/domain/token-import';
import { isolated } from '../../../lib/bidi-isolate';
import { formRefusal, refusalMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { dispatchTokensUpdated } from '../../../lib/tokens-updated';
import { useImportTokensMutation } from '../api/import-mutations';
import {
  chunksOf,
  contentOf,
  finalRows,
  localeDateOrder,
  numericDatesText,
  previewRows,
  refusedRowsCsv,
  rowsToWrite,
  totalsOf,
  type PreviewRow,
} from '../import-run';
import type { ImportSource } from '../import-source';
import { ImportFileStep } from './import-file-step';
import { ImportMappingStep, mappingProblem } from './import-mapping-step';
import { ImportRowTable } from './import-row-table';

type Step =
  | { readonly kind: 'file' }
  | { readonly kind: 'mapping' }
  | {
      readonly kind: 'preview';
      readonly rows: PreviewRow[];
      readonly numericDates: NumericDates | null;
    }
  | { readonly kind: 'writing'; readonly done: number; readonly total: number }
  | {
      readonly kind: 'summary';
      readonly rows: PreviewRow[];
      readonly done: number;
      readonly total: number;
    };

export interface ImportDialogProps {
  workspaceId: string;
  onClose: () => void;
  /** Rows to import without a file (the certificates of a PEM bundle). */
  initialSource?: ImportSource;
}

/** More than one request carries (the API takes 6 MB of body): said before anything is sent. */
export const TOO_LARGE =
  'This file is too large to import at once (5,000,000 characters of rows at most). Split it and import each part.';

export const INCLUDE_EXPIRED_HELP =
  'Rows whose expiration date has passed are imported as expired tokens, shown first on the dashboard, instead of being refused.';

function summaryText(rows: readonly PreviewRow[], stage: 'preview' | 'done'): string {
  const totals = totalsOf(rows);
  return stage === 'preview'
    ? `${countText(totals.created)} to create, ${countText(totals.updated)} to update, ${countText(totals.unchanged)} unchanged, ${countText(totals.notImported)} not imported.`
    : `Import finished: ${countText(totals.created)} created, ${countText(totals.updated)} updated, ${countText(totals.unchanged)} unchanged, ${countText(totals.notImported)} not imported.`;
}

function refusedFileName(source: ImportSource): string {
  const base = source.fileName.replace(/\.[^.]*$/, '') || 'import';
  return `${base}-refused-rows.csv`;
}

/**
 * "Import": a file (CSV, XLSX or JSON), its columns matched to token fields (correctable), a
 * preview of every row's outcome from a dry run, the writes of the rows to create or update with
 * a progress bar, and a summary with the refused rows as a CSV download.
 */
export function ImportDialog({ workspaceId, onClose, initialSource }: ImportDialogProps) {
  const [source, setSource] = useState<ImportSource | null>(initialSource ?? null);
  const [mapping, setMapping] = useState<ColumnMapping>(() =>
    initialSource ? resolveColumnMapping(initialSource.columns) : {},
  );
  const [step, setStep] = useState<Step>({ kind: initialSource ? 'mapping' : 'file' });
  const [failure, setFailure] = useState<string | null>(null);
  const [includeExpired, setIncludeExpired] = useState(false);
  const importRequest = useImportTokensMutation(workspaceId);
  const busy = importRequest.isPending || step.kind === 'writing';

  const chooseSource = (next: ImportSource) => {
    setSource(next);
    setMapping(resolveColumnMapping(next.columns));
    setStep({ kind: 'mapping' });
  };

  const preview = async () => {
    if (!source) return;
    setFailure(null);
    const content = contentOf(
      source,
      source.records.map((_, index) => index + 1),
    );
    if (content.length > IMPORT_CONTENT_MAX_LENGTH) {
      setFailure(TOO_LARGE);
      return;
    }
    try {
      const answer = await importRequest.mutateAsync({
        format: 'json',
        content,
        mapping,
        dryRun: true,
        includeExpired,
        dateOrder: localeDateOrder(),
      });
      setStep({ kind: 'preview', rows: previewRows(answer), numericDates: answer.numericDates });
    } catch (error) {
      setFailure(formRefusal(error));
    }
  };

  /** Writes the rows to write, reading their dates as the preview of the whole file did. */
  const write = async (planned: PreviewRow[], numericDates: NumericDates | null) => {
    if (!source) return;
    const dateOrder = numericDates?.order ?? localeDateOrder();
    setFailure(null);
    const rows = rowsToWrite(planned);
    const written: PreviewRow[] = [];
    setStep({ kind: 'writing', done: 0, total: rows.length });
    const chunks = chunksOf(rows);
    let done = 0;
    for (const [index, chunk] of chunks.entries()) {
      let answer: ImportTokensResponse;
      try {
        answer = await importRequest.mutateAsync({
          format: 'json',
          content: contentOf(source, chunk),
          mapping,
          dryRun: false,
          includeExpired,
          dateOrder,
        });
      } catch (error) {
        const reason = `Not imported: ${refusalMessage(error)}`;
        setFailure(formRefusal(error));
        for (const row of chunks.slice(index).flat()) {
          written.push({ row, outcome: 'refused', reasons: [reason] });
        }
        break;
      }
      written.push(...previewRows(answer, chunk));
      done = written.length;
      setStep({ kind: 'writing', done, total: rows.length });
    }
    dispatchTokensUpdated({ workspaceId });
    setStep({ kind: 'summary', rows: finalRows(planned, written), done, total: rows.length });
  };

  const downloadRefused = (rows: readonly PreviewRow[]) => {
    if (!source) return;
    const text = refusedRowsCsv(source, rows);
    saveFile({
      blob: new Blob([text], { type: 'text/csv;charset=utf-8' }),
      fileName: refusedFileName(source),
    });
  };

  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const problem = step.kind === 'mapping' ? mappingProblem(mapping) : null;
  const toWrite = step.kind === 'preview' ? rowsToWrite(step.rows).length : 0;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="import-dialog-title"
      fullWidth
      fullScreen={phone}
      maxWidth="md"
    >
      <DialogTitle id="import-dialog-title">Import tokens</DialogTitle>
      <DialogContent>
        {source && step.kind !== 'file' && (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {isolated(source.fileName)}: {countText(source.records.length)}{' '}
            {source.records.length === 1 ? 'row' : 'rows'}
          </Typography>
        )}
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {step.kind === 'file' && <ImportFileStep onRead={chooseSource} />}
        {step.kind === 'mapping' && source && (
          <Stack spacing={2}>
            <ImportMappingStep source={source} mapping={mapping} onChange={setMapping} />
            <Box>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={includeExpired}
                    onChange={(event) => setIncludeExpired(event.target.checked)}
                    slotProps={{ input: { 'aria-describedby': 'import-include-expired-help' } }}
                  />
                }
                label="Include expired items"
              />
              <Typography
                id="import-include-expired-help"
                variant="body2"
                color="textSecondary"
                sx={{ ml: 4 }}
              >
                {INCLUDE_EXPIRED_HELP}
              </Typography>
            </Box>
          </Stack>
        )}
        {step.kind === 'preview' && source && (
          <Stack spacing={2}>
            <Alert severity="info" role="status">
              {summaryText(step.rows, 'preview')}
            </Alert>
            {numericDatesText(step.numericDates) && (
              <Typography variant="body2" color="textSecondary">
                {numericDatesText(step.numericDates)}
              </Typography>
            )}
            <ImportRowTable source={source} mapping={mapping} rows={step.rows} stage="preview" />
          </Stack>
        )}
        {(step.kind === 'writing' || step.kind === 'summary') && (
          <Box sx={{ py: step.kind === 'writing' ? 4 : 0, mb: 2 }}>
            <LinearProgress
              variant="determinate"
              value={step.total === 0 ? 100 : (step.done / step.total) * 100}
              aria-label="Import progress"
              // The summary shows the bar where it ends: eased there from the last request's value,
              // it was still short of its end (93% of a 4,000-row import) when the summary opened.
              sx={
                step.kind === 'summary'
                  ? { '& .MuiLinearProgress-bar': { transition: 'none' } }
                  : undefined
              }
            />
            <Typography role={step.kind === 'writing' ? 'status' : undefined} sx={{ mt: 1.5 }}>
              Imported {countText(step.done)} of {countText(step.total)} rows
            </Typography>
          </Box>
        )}
        {step.kind === 'summary' && source && (
          <Stack spacing={2}>
            <Alert
              severity={totalsOf(step.rows).notImported > 0 ? 'warning' : 'success'}
              role="status"
            >
              {summaryText(step.rows, 'done')}
            </Alert>
            <ImportRowTable source={source} mapping={mapping} rows={step.rows} stage="done" />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step.kind === 'mapping' && !initialSource && (
          <Button onClick={() => setStep({ kind: 'file' })} sx={{ mr: 'auto' }}>
            Choose another file
          </Button>
        )}
        {step.kind === 'preview' && (
          <Button onClick={() => setStep({ kind: 'mapping' })} sx={{ mr: 'auto' }}>
            Back to columns
          </Button>
        )}
        {step.kind === 'summary' && totalsOf(step.rows).notImported > 0 && (
          <Button
            startIcon={<FileDownloadOutlined />}
            onClick={() => downloadRefused(step.rows)}
            sx={{ mr: 'auto' }}
          >
            Download refused rows (CSV)
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {step.kind === 'summary' ? 'Close' : 'Cancel'}
        </Button>
        {step.kind === 'mapping' && (
          <Button
            variant="contained"
            disabled={problem !== null}
            loading={importRequest.isPending}
            onClick={() => void preview()}
          >
            Preview
          </Button>
        )}
        {step.kind === 'preview' && (
          <Button
            variant="contained"
            disabled={toWrite === 0}
            onClick={() => void write(step.rows, step.numericDates)}
          >
            {toWrite === 1 ? 'Import 1 row' : `Import ${countText(toWrite)} rows`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
