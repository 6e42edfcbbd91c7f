import { memo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { CategoryDefinition } from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import { fieldText, formatDate, typeLabel } from '../token-display';
import { ExpiryPill } from './expiry-pill';
import type { TokenActionHandlers } from './token-actions';
import { TokenActions } from './token-actions';
import { actionStyles, pillStyles } from './token-row-styles';

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
  const details: Array<[string, string]> = [
    ['Type', typeLabel(token)],
    ...definition.columns.map((column): [string, string] => [
      column.label,
      fieldText(token, column.field),
    ]),
    ['Expiration', formatDate(token.expiresAt)],
  ];
  return (
    <Card variant="outlined" component="li" data-testid="token-card">
      <CardActionArea onClick={() => actions.onDetails(token)}>
        <CardContent sx={{ pb: 1 }}>
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 1,
              alignItems: 'flex-start',
            }}
          >
            <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {token.name}
            </Typography>
            <ExpiryPill expiresAt={token.expiresAt} now={now} />
          </Box>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr',
              columnGap: 1.5,
              rowGap: 0.25,
              m: 0,
              mt: 1,
            }}
          >
            {details
              .filter(([, value]) => value !== '')
              .map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    sx={{ m: 0, overflowWrap: 'anywhere' }}
                  >
                    {value}
                  </Typography>
                </Box>
              ))}
          </Box>
        </CardContent>
      </CardActionArea>
      <CardActions sx={{ pt: 0 }}>
        <TokenActions token={token} canEdit={canEdit} {...actions} />
      </CardActions>
    </Card>
  );
});

/** The cards' list; their pills and actions are plain elements styled here. */
const CardList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(1.5),
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
