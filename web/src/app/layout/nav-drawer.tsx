import { useRef, type MouseEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
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

/** A click the browser handles itself: a new tab or window, a download, another button. */
function isBrowserHandledClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * A drawer link, marked as the current page (selected) when it is. A plain click closes the drawer
 * and follows the link once it has closed (`onFollow`); other clicks are the browser's.
 */
function NavDrawerLink({
  to,
  current,
  onFollow,
  children,
}: {
  to: string;
  current: boolean;
  onFollow: (to: string) => void;
  children: ReactNode;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={to}
        selected={current}
        aria-current={current ? 'page' : undefined}
        onClick={(event: MouseEvent) => {
          if (isBrowserHandledClick(event)) return;
          event.preventDefault();
          onFollow(to);
        }}
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
  const navigate = useNavigate();
  // What a choice in the drawer does runs after the drawer has closed: a navigation that opens
  // another modal ("Discard changes?") while the drawer is still leaving would share the screen
  // reader's modal stack with it, and the drawer's exit could leave that dialog aria-hidden.
  const afterClose = useRef<(() => void) | null>(null);
  const closeThen = (action: () => void) => {
    afterClose.current = action;
    onClose();
  };
  const runAfterClose = () => {
    const action = afterClose.current;
    afterClose.current = null;
    action?.();
  };
  const follow = (to: string) => closeThen(() => void navigate(to));
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
      slotProps={{
        paper: { 'aria-label': 'Navigation menu' },
        transition: { onExited: runAfterClose },
      }}
    >
      <Box component="nav" aria-label="Navigation menu" sx={{ width: 280, py: 2 }}>
        <Stack direction="row" sx={{ px: 2, pb: 2, alignItems: 'center', gap: 1 }}>
          <Box
            onClickCapture={(event: MouseEvent) => {
              if (isBrowserHandledClick(event)) return;
              event.preventDefault();
              follow(paths.home);
            }}
            sx={{ mr: 'auto' }}
          >
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
              onSelect={(id) => closeThen(() => selection.select(id))}
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
              onFollow={follow}
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
              onFollow={follow}
            >
              <ListItemText primary={link.label} />
            </NavDrawerLink>
          ))}
          {user && (
            <ListItem disablePadding>
              <ListItemButton onClick={() => closeThen(onSignOut)}>
                <ListItemText primary="Sign Out" />
              </ListItemButton>
            </ListItem>
          )}
        </List>
      </Box>
    </Drawer>
  );
}
