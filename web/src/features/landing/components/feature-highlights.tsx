import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type SvgIcon from '@mui/material/SvgIcon';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';

interface Highlight {
  title: string;
  text: string;
  Icon: typeof SvgIcon;
}

const highlights: Highlight[] = [
  {
    title: 'Alerts before it is too late',
    text: 'Email and webhooks (Slack, Teams, Discord, PagerDuty) at the thresholds you choose, to the right contact group.',
    Icon: NotificationsActiveOutlined,
  },
  {
    title: 'Built for teams',
    text: 'Workspaces with roles: admins and managers edit, viewers keep an eye on things read-only.',
    Icon: GroupsOutlined,
  },
  {
    title: 'Renew in a click',
    text: 'Set the new date when you renew, and the alerts start over for it. Every change lands in the audit log.',
    Icon: AutorenewOutlined,
  },
];

export function FeatureHighlights() {
  return (
    <Box
      component="section"
      aria-label="Highlights"
      sx={{
        display: 'grid',
        gap: { xs: 3, md: 4 },
        gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
      }}
    >
      {highlights.map(({ title, text, Icon }) => (
        <Box key={title} sx={{ display: 'flex', gap: 2 }}>
          <Box
            sx={{
              flex: 'none',
              display: 'grid',
              placeItems: 'center',
              width: 44,
              height: 44,
              borderRadius: 2,
              bgcolor: 'action.selected',
              color: 'primary.main',
            }}
          >
            <Icon />
          </Box>
          <Box>
            <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {text}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
