import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { AuditEvent } from '@expiry-radar/shared/api/audit-api-schemas';
import {
  actionLabel,
  eventActorLabel,
  changeSummary,
  targetLabel,
  workspaceLabel,
} from '../audit-display';
import { AuditEventDetails } from './audit-event-details';
import type { AuditEventsViewProps } from './audit-event-table';
import { EventTime } from './event-time';

function AuditEventCard({
  event,
  workspaces,
  selfId,
}: Omit<AuditEventsViewProps, 'events' | 'labelledBy'> & { event: AuditEvent }) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = `audit-card-details-${event.id}`;
  const action = actionLabel(event.action);
  const summary = changeSummary(event);
  return (
    <Card variant="outlined" component="li">
      <CardContent sx={{ '&:last-child': { pb: 1.5 } }}>
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          {action}
        </Typography>
        {summary && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {summary}
          </Typography>
        )}
        <Typography variant="body2" color="textSecondary">
          <EventTime iso={event.occurred_at} />
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 1.5,
            my: 1,
            fontSize: '0.875rem',
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          <dt>Actor</dt>
          <dd>{eventActorLabel(event, selfId)}</dd>
          <dt>Target</dt>
          <dd>{targetLabel(event)}</dd>
          <dt>Workspace</dt>
          <dd>{workspaceLabel(event.workspace_id, workspaces, event)}</dd>
        </Box>
        <Button
          size="small"
          aria-expanded={expanded}
          aria-controls={expanded ? detailsId : undefined}
          aria-label={`${expanded ? 'Hide' : 'Show'} details: ${action}`}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Hide details' : 'Show details'}
        </Button>
        {expanded && (
          <Box sx={{ mt: 1 }}>
            <AuditEventDetails event={event} id={detailsId} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** The events as cards (narrow screens), each with its details behind a button. */
export function AuditEventList({ events, labelledBy, ...rest }: AuditEventsViewProps) {
  return (
    <Box
      component="ul"
      aria-labelledby={labelledBy}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {events.map((event) => (
        <AuditEventCard key={event.id} event={event} {...rest} />
      ))}
    </Box>
  );
}
