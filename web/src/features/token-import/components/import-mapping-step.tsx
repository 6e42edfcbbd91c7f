import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { TOKEN_FILE_FIELDS, type TokenFileField } from '@expiry-radar/shared/domain/token-file';
import {
  IMPORT_FIELD_LABELS,
  doublyMappedFields,
  unmappedRequiredFields,
  type ColumnMapping,
} from '@expiry-radar/shared/domain/token-import';
import { CellText } from '../../../components/cell-text';
import { RecordCard, RecordCardList } from '../../../components/record-cards';
import { cellOf } from '../import-run';
import type { ImportSource } from '../import-source';

/** The select's value for a column that feeds nothing (an empty value would show blank). */
const NOTHING = '__none__';

function example(source: ImportSource, column: string): string {
  for (const record of source.records) {
    const value = record[column];
    const text = cellOf(value);
    if (text !== '') return text;
  }
  return '';
}

/** What is wrong with a mapping, in words, or null when it can be previewed. */
export function mappingProblem(mapping: ColumnMapping): string | null {
  const missing = unmappedRequiredFields(mapping);
  if (missing.length > 0) {
    return `Map a column to ${missing.map((field) => IMPORT_FIELD_LABELS[field]).join(', ')}.`;
  }
  const doubled = doublyMappedFields(mapping)[0];
  if (doubled) {
    return `${IMPORT_FIELD_LABELS[doubled.field]} is fed by ${doubled.columns.length} columns; keep one.`;
  }
  return null;
}

/** The token field a column feeds, or none. */
function ColumnFieldSelect({
  column,
  mapping,
  onChange,
}: {
  column: string;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}) {
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={`Field for ${column}`}
      value={mapping[column] ?? NOTHING}
      onChange={(event) =>
        onChange({
          ...mapping,
          [column]: event.target.value === NOTHING ? null : (event.target.value as TokenFileField),
        })
      }
    >
      <MenuItem value={NOTHING}>Don’t import</MenuItem>
      {TOKEN_FILE_FIELDS.map((field) => (
        <MenuItem key={field} value={field}>
          {IMPORT_FIELD_LABELS[field]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Which token field each column of the file feeds, matched by name and correctable here: a table,
 * or a card per column on phones.
 */
export function ImportMappingStep({
  source,
  mapping,
  onChange,
}: {
  source: ImportSource;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const problem = mappingProblem(mapping);
  return (
    <>
      {phone ? (
        <RecordCardList aria-label="Column mapping">
          {source.columns.map((column) => (
            <RecordCard
              key={column}
              title={column}
              details={[['Example', <CellText key="example" text={example(source, column)} />]]}
            >
              <Box sx={{ mt: 2 }}>
                <ColumnFieldSelect column={column} mapping={mapping} onChange={onChange} />
              </Box>
            </RecordCard>
          ))}
        </RecordCardList>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Column mapping">
            <TableHead>
              <TableRow>
                <TableCell>Column</TableCell>
                <TableCell>Example</TableCell>
                <TableCell>Token field</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {source.columns.map((column) => (
                <TableRow key={column}>
                  <TableCell component="th" scope="row">
                    <CellText text={column} />
                  </TableCell>
                  <TableCell>
                    <CellText text={example(source, column)} maxWidth="14rem" />
                  </TableCell>
                  <TableCell sx={{ minWidth: 200 }}>
                    <ColumnFieldSelect column={column} mapping={mapping} onChange={onChange} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {problem && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
    </>
  );
}
