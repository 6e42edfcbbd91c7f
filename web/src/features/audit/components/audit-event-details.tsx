import Box from '@mui/material/Box';
import type { AuditEvent } from '@expiry-radar/shared/api/audit-api-schemas';
import { metadataEntries } from '../audit-display';

/** Everything an event holds: its ids, the exact time, and its metadata, each with a label. */
export function AuditEventDetails({ event, id }: { event: AuditEvent; id: string }) {
  const rows: Array<[string, string]> = [
    ['Time (UTC)', event.occurred_at],
    ['Event id', event.id],
    ['Actor id', event.actor.id],
    ['Target', `${event.target_type} ${event.target_id}`],
    ['Workspace id', event.workspace_id ?? '—'],
    ...metadataEntries(event),
  ];
  return (
    <Box
      component="dl"
      id={id}
      aria-label="Event details"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        fontSize: '0.875rem',
        '& dt': { color: 'text.secondary', fontWeight: 600 },
        '& dd': {
          m: 0,
          fontFamily: '"Roboto Mono", monospace',
          overflowWrap: 'anywhere',
          whiteSpace: 'pre-wrap',
        },
      }}
    >
      {rows.map(([label, value], index) => (
        <Box key={`${index}-${label}`} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}
