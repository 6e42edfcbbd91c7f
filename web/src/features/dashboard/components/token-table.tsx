import { memo } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { CategoryDefinition } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import { fieldText, formatDate, typeLabel } from '../token-display';
import type { SortKey, TokenSortState } from '../token-sorting';
import { ExpiryPill } from './expiry-pill';
import type { TokenActionHandlers } from './token-actions';
import { TokenActions } from './token-actions';

interface TokenTableProps extends TokenActionHandlers {
  definition: CategoryDefinition;
  tokens: readonly Token[];
  sort: TokenSortState;
  onSort: (key: SortKey) => void;
  canEdit: boolean;
  now: Date;
}

interface Column {
  key: SortKey;
  label: string;
}

interface TokenRowProps extends TokenActionHandlers {
  token: Token;
  definition: CategoryDefinition;
  canEdit: boolean;
  now: Date;
}

const TokenRow = memo(function TokenRow({
  token,
  definition,
  canEdit,
  now,
  ...actions
}: TokenRowProps) {
  return (
    <TableRow hover onClick={() => actions.onDetails(token)} sx={{ cursor: 'pointer' }}>
      <TableCell component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {token.name}
      </TableCell>
      <TableCell>{typeLabel(token)}</TableCell>
      {definition.columns.map((column) => (
        <TableCell key={column.field} sx={{ overflowWrap: 'anywhere', maxWidth: 220 }}>
          {fieldText(token, column.field)}
        </TableCell>
      ))}
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(token.expiresAt)}</TableCell>
      <TableCell>
        <ExpiryPill expiresAt={token.expiresAt} now={now} />
      </TableCell>
      <TableCell>
        <TokenActions token={token} canEdit={canEdit} {...actions} />
      </TableCell>
    </TableRow>
  );
});

/** A category's tokens on wide screens (spec §2 columns); headers sort, rows open details. */
export function TokenTable({
  definition,
  tokens,
  sort,
  onSort,
  canEdit,
  now,
  ...actions
}: TokenTableProps) {
  const columns: Column[] = [
    { key: 'name', label: 'Name' },
    { key: 'type', label: 'Type' },
    ...definition.columns.map((column) => ({ key: column.field, label: column.label })),
    { key: 'expiresAt', label: 'Expiration' },
  ];
  return (
    <TableContainer>
      <Table size="small" aria-label={`${definition.label} tokens`}>
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
            <TableCell sx={{ fontWeight: 700 }}>Status</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
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
        </TableBody>
      </Table>
    </TableContainer>
  );
}
