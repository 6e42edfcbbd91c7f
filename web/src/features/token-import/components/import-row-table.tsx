import { useState } from 'react';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ImportOutcome } from '@expiry-radar/shared/api/inventory-api-schemas';
import { isTokenType, TYPE_LABELS } from '@expiry-radar/shared/domain/categories';
import { typeValueOf, type ColumnMapping } from '@expiry-radar/shared/domain/token-import';
import { CellText } from '../../../components/cell-text';
import { RecordCard, RecordCardList } from '../../../components/record-cards';
import { cellOf, type PreviewRow } from '../import-run';
import type { ImportSource } from '../import-source';

const PAGE_SIZE = 100;

/** Outcomes in words: before the import ("Will create"), and after it ("Created"). */
export const OUTCOME_LABELS: Readonly<Record<'preview' | 'done', Record<ImportOutcome, string>>> = {
  preview: {
    create: 'Will create',
    update: 'Will update',
    unchanged: 'Unchanged',
    invalid: 'Invalid',
    duplicate: 'Duplicate',
    refused: 'Refused',
  },
  done: {
    create: 'Created',
    update: 'Updated',
    unchanged: 'Unchanged',
    invalid: 'Invalid',
    duplicate: 'Duplicate',
    refused: 'Refused',
  },
};

const OUTCOME_COLORS: Readonly<
  Record<ImportOutcome, 'success' | 'info' | 'default' | 'error' | 'warning'>
> = {
  create: 'success',
  update: 'info',
  unchanged: 'default',
  invalid: 'error',
  duplicate: 'warning',
  refused: 'error',
};

function valueOf(source: ImportSource, mapping: ColumnMapping, row: number, field: string): string {
  const column = Object.keys(mapping).find((candidate) => mapping[candidate] === field);
  const value = column === undefined ? undefined : source.records[row - 1]?.[column];
  return cellOf(value);
}

/** The row's type as the app names it ("Software License"), whichever name the file gave. */
function typeTextOf(source: ImportSource, mapping: ColumnMapping, row: number): string {
  const text = valueOf(source, mapping, row, 'type');
  const type = typeValueOf(text);
  return isTokenType(type) ? TYPE_LABELS[type] : text;
}

function OutcomeChip({ outcome, stage }: { outcome: ImportOutcome; stage: 'preview' | 'done' }) {
  return (
    <Chip size="small" color={OUTCOME_COLORS[outcome]} label={OUTCOME_LABELS[stage][outcome]} />
  );
}

/**
 * Each row with its outcome and, when it is not imported, why; a page of 100 rows at a time, as a
 * table or, on phones, a card per row.
 */
export function ImportRowTable({
  source,
  mapping,
  rows,
  stage,
}: {
  source: ImportSource;
  mapping: ColumnMapping;
  rows: readonly PreviewRow[];
  stage: 'preview' | 'done';
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [page, setPage] = useState(0);
  const shown = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  return (
    <>
      {phone ? (
        <RecordCardList aria-label="Rows of the file">
          {shown.map((row) => {
            const name = valueOf(source, mapping, row.row, 'name');
            const reasons = row.reasons.join('; ');
            return (
              <RecordCard
                key={row.row}
                title={name === '' ? `Row ${row.row}` : name}
                badge={<OutcomeChip outcome={row.outcome} stage={stage} />}
                details={[
                  ['Row', row.row],
                  ['Type', typeTextOf(source, mapping, row.row) || '—'],
                  ...(reasons === '' ? [] : [['Details', reasons] as const]),
                ]}
              />
            );
          })}
        </RecordCardList>
      ) : (
        <TableContainer sx={{ maxHeight: 420 }}>
          <Table size="small" stickyHeader aria-label="Rows of the file">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Outcome</TableCell>
                <TableCell>Details</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((row) => (
                <TableRow key={row.row} data-outcome={row.outcome}>
                  <TableCell>{row.row}</TableCell>
                  <TableCell component="th" scope="row">
                    <CellText text={valueOf(source, mapping, row.row, 'name')} maxWidth="14rem" />
                  </TableCell>
                  <TableCell>
                    <CellText text={typeTextOf(source, mapping, row.row)} maxWidth="10rem" />
                  </TableCell>
                  <TableCell>
                    <OutcomeChip outcome={row.outcome} stage={stage} />
                  </TableCell>
                  <TableCell>
                    <CellText text={row.reasons.join('; ')} maxWidth="20rem" />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {rows.length > PAGE_SIZE && (
        <TablePagination
          component="div"
          count={rows.length}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_event, next) => setPage(next)}
        />
      )}
    </>
  );
}
