import { memo, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import { styled } from '@mui/material/styles';
import type { CategoryDefinition } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import { DateText } from '../../../components/date-text';
import { ExpiryPill, pillStyles } from '../../../components/expiry-pill';
import { fieldText, typeLabel } from '../token-display';
import type { TokenActionHandlers } from './token-actions';
import { TokenActions } from './token-actions';
import { RemovedAtSourceChip } from './removed-at-source';
import { actionStyles } from './token-row-styles';

interface TokenCardListProps extends TokenActionHandlers {
  definition: CategoryDefinition;
  tokens: readonly Token[];
  canEdit: boolean;
  now: Date;
}

interface TokenCardProps extends TokenActionHandlers {
  token: Token;
  definition: CategoryDefinition;
  canEdit: boolean;
  now: Date;
}

const TokenCard = memo(function TokenCard({
  token,
  definition,
  canEdit,
  now,
  ...actions
}: TokenCardProps) {
  const details: Array<[string, ReactNode]> = [
    ['Type', typeLabel(token)],
    ...definition.columns.map((column): [string, ReactNode] => [
      column.label,
      fieldText(token, column.field),
    ]),
    ['Expiration', <DateText key="expiration" value={token.expiresAt} kind="day" />],
  ];
  return (
    <Card variant="outlined" component="li" data-testid="token-card">
      <CardActionArea onClick={() => actions.onDetails(token)}>
        <CardContent sx={{ pb: 1 }}>
          <div className={cardClasses.head}>
            <h3 className={cardClasses.name}>{token.name}</h3>
            <RemovedAtSourceChip token={token} />
            <ExpiryPill expiresAt={token.expiresAt} now={now} />
          </div>
          <dl className={cardClasses.details}>
            {details
              .filter(([, value]) => value !== '')
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
        </CardContent>
      </CardActionArea>
      <CardActions sx={{ pt: 0 }}>
        <TokenActions token={token} canEdit={canEdit} {...actions} />
      </CardActions>
    </Card>
  );
});

const cardClasses = {
  head: 'TokenCard-head',
  name: 'TokenCard-name',
  details: 'TokenCard-details',
} as const;

/**
 * The cards' list. Inside each card (a category shows up to hundreds) the heading, details, pill
 * and actions are plain elements styled here once (the look of the Typography and Box they were).
 */
const CardList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(1.5),
  // Two columns of cards on tablets, one on phones.
  [theme.breakpoints.up('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [`& .${cardClasses.head}`]: {
    display: 'flex',
    justifyContent: 'space-between',
    gap: theme.spacing(1),
    alignItems: 'flex-start',
  },
  [`& .${cardClasses.name}`]: {
    ...theme.typography.body1,
    margin: 0,
    fontWeight: 700,
    overflowWrap: 'anywhere',
  },
  [`& .${cardClasses.details}`]: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: theme.spacing(1.5),
    rowGap: theme.spacing(0.25),
    margin: 0,
    marginTop: theme.spacing(1),
    '& > div': { display: 'contents' },
    '& dt, & dd': { ...theme.typography.body2, margin: 0 },
    '& dd': { overflowWrap: 'anywhere' },
  },
  ...pillStyles(theme),
  ...actionStyles(theme),
}));

/** A category's tokens on narrow screens: one card each. */
export function TokenCardList({
  definition,
  tokens,
  canEdit,
  now,
  ...actions
}: TokenCardListProps) {
  return (
    <CardList aria-label={`${definition.label} tokens`}>
      {tokens.map((token) => (
        <TokenCard
          key={token.id}
          token={token}
          definition={definition}
          canEdit={canEdit}
          now={now}
          {...actions}
        />
      ))}
    </CardList>
  );
}
