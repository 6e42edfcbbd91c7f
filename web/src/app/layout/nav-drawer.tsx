import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { BrandLink } from '../../components/brand-link';
import { ColorModeToggle } from '../../components/color-mode-toggle';
import type { SessionUser } from '../../features/session';
import type { WorkspaceSelection } from '../../features/workspaces';
import { paths } from '../../lib/paths';
import type { NavItem, WorkspacePickerState } from './nav-items';
import { isCurrentPage, userMenuLinks } from './nav-items';
import { WorkspacePicker } from './workspace-picker';

interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  user: SessionUser | null;
  items: NavItem[];
  picker: WorkspacePickerState;
  selection: WorkspaceSelection;
  onSignOut: () => void;
}

/** A drawer link, marked as the current page (selected) when it is. */
function NavDrawerLink({
  to,
  current,
  onClick,
  children,
}: {
  to: string;
  current: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={to}
        selected={current}
        aria-current={current ? 'page' : undefined}
        onClick={onClick}
      >
        {children}
      </ListItemButton>
    </ListItem>
  );
}

/** The top bar's items for small screens. */
export function NavDrawer({
  open,
  onClose,
  user,
  items,
  picker,
  selection,
  onSignOut,
}: NavDrawerProps) {
  const location = useLocation();
  const accountLinks = user
    ? userMenuLinks
    : [
        { label: 'Sign in', to: paths.login },
        { label: 'Get started', to: paths.register },
      ];
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': 'Navigation menu' } }}
    >
      <Box component="nav" aria-label="Navigation menu" sx={{ width: 280, py: 2 }}>
        <Stack direction="row" sx={{ px: 2, pb: 2, alignItems: 'center', gap: 1 }}>
          <Box onClick={onClose} sx={{ mr: 'auto' }}>
            <BrandLink />
          </Box>
          <ColorModeToggle />
        </Stack>
        {user && (
          <Typography variant="body2" color="textSecondary" sx={{ px: 2, pb: 1 }} noWrap>
            {user.email}
          </Typography>
        )}
        {picker.visible && (
          <Box sx={{ px: 2, py: 1 }}>
            <WorkspacePicker
              workspaces={selection.workspaces}
              selected={selection.selected}
              state={picker}
              onSelect={(id) => {
                selection.select(id);
                onClose();
              }}
              showHintText
            />
          </Box>
        )}
        <List>
          {items.map((item) => (
            <NavDrawerLink
              key={item.key}
              to={item.to}
              current={isCurrentPage(item.to, location)}
              onClick={onClose}
            >
              <ListItemText primary={item.label} />
            </NavDrawerLink>
          ))}
        </List>
        <Divider />
        <List>
          {accountLinks.map((link) => (
            <NavDrawerLink
              key={link.to}
              to={link.to}
              current={isCurrentPage(link.to, location)}
              onClick={onClose}
            >
              <ListItemText primary={link.label} />
            </NavDrawerLink>
          ))}
          {user && (
            <ListItem disablePadding>
              <ListItemButton
                onClick={() => {
                  onClose();
                  onSignOut();
                }}
              >
                <ListItemText primary="Sign Out" />
              </ListItemButton>
            </ListItem>
          )}
        </List>
      </Box>
    </Drawer>
  );
}
