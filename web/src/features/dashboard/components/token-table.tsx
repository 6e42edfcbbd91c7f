import { memo } from 'react';
import { styled } from '@mui/material/styles';
import { cellTextClasses, cellTextStyles } from '../../../components/cell-text';
import type { CategoryDefinition } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import { DateText } from '../../../components/date-text';
import { ExpiryPill, pillStyles } from '../../../components/expiry-pill';
import { EMPTY_VALUE } from '../../../lib/date-format';
import { fieldText, typeLabel } from '../token-display';
import type { SortColumn, SortKey, TokenSortState } from '../token-sorting';
import { sortColumns } from '../token-sorting';
import type { TokenActionHandlers } from './token-actions';
import { TokenActions } from './token-actions';
import { EndpointStatusCell } from './endpoint-status';
import { RemovedAtSourceChip } from './removed-at-source';
import { actionStyles, headClasses, headStyles, rowClasses, rowStyles } from './token-row-styles';

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

/** Scrolls sideways when the columns do not fit (MUI TableContainer). */
const TableScroller = styled('div')({ width: '100%', overflowX: 'auto' });

/** One styled class for the whole table: head, rows, pills and actions are plain elements. */
const RowsTable = styled('table')(({ theme }) => ({
  display: 'table',
  width: '100%',
  borderCollapse: 'collapse',
  borderSpacing: 0,
  ...cellTextStyles(),
  ...headStyles(theme),
  ...rowStyles(theme),
  ...pillStyles(theme),
  ...actionStyles(theme),
}));

/** The arrow of the sorting column (drawn here: an MUI icon per header is a component each). */
function SortArrow({ ascending }: { ascending: boolean }) {
  const className = ascending ? `${headClasses.arrow} ${headClasses.ascending}` : headClasses.arrow;
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 5v13m-6-6 6 6 6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface SortHeaderProps {
  column: SortColumn;
  sort: TokenSortState;
  onSort: (key: SortKey) => void;
}

/** A sortable column's header: a button, the sorting one with its arrow and `aria-sort`. */
function SortHeader({ column, sort, onSort }: SortHeaderProps) {
  const active = sort.key === column.key;
  const ascending = !active || sort.direction === 'asc';
  return (
    <th
      scope="col"
      className={headClasses.cell}
      aria-sort={active ? (ascending ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        className={active ? `${headClasses.sort} ${headClasses.active}` : headClasses.sort}
        onClick={() => onSort(column.key)}
      >
        {column.label}
        <SortArrow ascending={ascending} />
      </button>
    </th>
  );
}

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
      <td>
        <CellTextSpans text={typeLabel(token)} />
      </td>
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
    <TableScroller>
      <RowsTable aria-label={`${definition.label} tokens`}>
        <thead>
          <tr>
            {columns.map((column) => (
              <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
            <th scope="col" className={headClasses.cell}>
              Status
            </th>
            {definition.value === 'cert' && (
              <th scope="col" className={headClasses.cell}>
                Endpoints
              </th>
            )}
            <th scope="col" className={`${headClasses.cell} ${headClasses.actions}`}>
              Actions
            </th>
          </tr>
        </thead>
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
    </TableScroller>
  );
});
