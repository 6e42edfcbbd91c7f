import { memo } from 'react';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { styled } from '@mui/material/styles';
import { cellTextClasses, cellTextStyles } from '../../../components/cell-text';
import type { CategoryDefinition } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import { DateText } from '../../../components/date-text';
import { ExpiryPill, pillStyles } from '../../../components/expiry-pill';
import { EMPTY_VALUE } from '../../../lib/date-format';
import { fieldText, typeLabel } from '../token-display';
import type { SortKey, TokenSortState } from '../token-sorting';
import { sortColumns } from '../token-sorting';
import type { TokenActionHandlers } from './token-actions';
import { TokenActions } from './token-actions';
import { EndpointStatusCell } from './endpoint-status';
import { RemovedAtSourceChip } from './removed-at-source';
import { actionStyles, rowClasses, rowStyles } from './token-row-styles';

interface TokenTableProps extends TokenActionHandlers {
  definition: CategoryDefinition;
  tokens: readonly Token[];
  sort: TokenSortState;
  onSort: (key: SortKey) => void;
  canEdit: boolean;
  now: Date;
}

interface TokenRowProps extends TokenActionHandlers {
  token: Token;
  definition: CategoryDefinition;
  canEdit: boolean;
  now: Date;
}

/** One styled class for the whole table: rows, pills and actions are plain elements. */
const RowsTable = styled(Table)(({ theme }) => ({
  ...cellTextStyles(),
  ...rowStyles(theme),
  ...pillStyles(theme),
  ...actionStyles(theme),
}));

/** A name or field on one line, cut with an ellipsis, whole in the tooltip (see CellText). */
function CellTextSpans({ text }: { text: string }) {
  return (
    <span className={cellTextClasses.clip}>
      <span className={cellTextClasses.text} title={text || undefined}>
        {text}
      </span>
    </span>
  );
}

/** A body row: plain table elements (a card shows up to hundreds), styled by the table. */
const TokenRow = memo(function TokenRow({
  token,
  definition,
  canEdit,
  now,
  ...actions
}: TokenRowProps) {
  return (
    <tr className={rowClasses.row} onClick={() => actions.onDetails(token)}>
      <th scope="row" className={rowClasses.name}>
        <CellTextSpans text={token.name} />
        <RemovedAtSourceChip token={token} placement="below" />
      </th>
      <td className={rowClasses.nowrap}>{typeLabel(token)}</td>
      {definition.columns.map((column) => (
        <td key={column.field}>
          <CellTextSpans text={fieldText(token, column.field) || EMPTY_VALUE} />
        </td>
      ))}
      <td className={rowClasses.nowrap}>
        <DateText value={token.expiresAt} kind="day" />
      </td>
      <td className={rowClasses.nowrap}>
        <ExpiryPill expiresAt={token.expiresAt} now={now} />
      </td>
      {definition.value === 'cert' && (
        <td>
          {token.endpoints?.length ? (
            <EndpointStatusCell endpoints={token.endpoints} />
          ) : (
            EMPTY_VALUE
          )}
        </td>
      )}
      <td className={rowClasses.actions}>
        <TokenActions token={token} canEdit={canEdit} {...actions} />
      </td>
    </tr>
  );
});

/** A category's tokens on wide screens, in columns; headers sort, rows open details. */
export const TokenTable = memo(function TokenTable({
  definition,
  tokens,
  sort,
  onSort,
  canEdit,
  now,
  ...actions
}: TokenTableProps) {
  const columns = sortColumns(definition);
  return (
    <TableContainer>
      <RowsTable size="small" aria-label={`${definition.label} tokens`}>
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const active = sort.key === column.key;
              return (
                <TableCell
                  key={column.key}
                  sortDirection={active ? sort.direction : false}
                  sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                >
                  <TableSortLabel
                    active={active}
                    direction={active ? sort.direction : 'asc'}
                    onClick={() => onSort(column.key)}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              );
            })}
            <TableCell sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>Status</TableCell>
            {definition.value === 'cert' && (
              <TableCell sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>Endpoints</TableCell>
            )}
            {/* As wide as its buttons: the other columns get the rest. */}
            <TableCell sx={{ fontWeight: 700, whiteSpace: 'nowrap', width: '1%' }}>
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <tbody>
          {tokens.map((token) => (
            <TokenRow
              key={token.id}
              token={token}
              definition={definition}
              canEdit={canEdit}
              now={now}
              {...actions}
            />
          ))}
        </tbody>
      </RowsTable>
    </TableContainer>
  );
});
