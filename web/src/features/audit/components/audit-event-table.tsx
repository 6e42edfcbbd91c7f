import { Fragment, useState } from 'react';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { AuditEvent } from '@expiry-radar/shared/api/audit-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { actionsCellSx, CellText, oneLineTableSx } from '../../../components/cell-text';
import {
  actionLabel,
  eventActorLabel,
  changeSummary,
  targetLabel,
  workspaceLabel,
} from '../audit-display';
import { AuditEventDetails } from './audit-event-details';
import { EventTime } from './event-time';

export interface AuditEventsViewProps {
  events: readonly AuditEvent[];
  workspaces: readonly Workspace[];
  selfId: string | undefined;
  /** Labels the table or list. */
  labelledBy: string;
}

/** The events as a table (wide screens), each row's details expandable. */
export function AuditEventTable({ events, workspaces, selfId, labelledBy }: AuditEventsViewProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby={labelledBy} sx={oneLineTableSx}>
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Actor</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>Target</TableCell>
            <TableCell>Workspace</TableCell>
            <TableCell align="right" sx={actionsCellSx}>
              Details
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((event) => {
            const expanded = open.has(event.id);
            const detailsId = `audit-details-${event.id}`;
            const action = actionLabel(event.action);
            const summary = changeSummary(event);
            return (
              <Fragment key={event.id}>
                <TableRow hover sx={{ '& > td': { borderBottom: expanded ? 'none' : undefined } }}>
                  <TableCell>
                    <EventTime iso={event.occurred_at} />
                  </TableCell>
                  <TableCell>
                    <CellText text={eventActorLabel(event, selfId)} />
                  </TableCell>
                  <TableCell>
                    <CellText text={action} />
                    {summary && (
                      <Typography variant="body2" color="textSecondary" component="div">
                        <CellText text={summary} />
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <CellText text={targetLabel(event)} />
                  </TableCell>
                  <TableCell>
                    <CellText text={workspaceLabel(event.workspace_id, workspaces, event)} />
                  </TableCell>
                  <TableCell align="right" padding="checkbox">
                    <IconButton
                      size="small"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailsId : undefined}
                      aria-label={`${expanded ? 'Hide' : 'Show'} details: ${action}`}
                      onClick={() => toggle(event.id)}
                    >
                      <ExpandMoreIcon
                        fontSize="small"
                        sx={{
                          transform: expanded ? 'rotate(180deg)' : 'none',
                          transition: 'transform 150ms',
                        }}
                      />
                    </IconButton>
                  </TableCell>
                </TableRow>
                {expanded && (
                  <TableRow>
                    <TableCell colSpan={6} sx={{ pt: 0, pb: 2, whiteSpace: 'normal' }}>
                      <Collapse in appear>
                        <AuditEventDetails event={event} id={detailsId} />
                      </Collapse>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
