import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink, useLocation } from 'react-router';
import { BrandLink } from '../../components/brand-link';
import { ColorModeToggle } from '../../components/color-mode-toggle';
import { SignInButtons } from '../../components/sign-in-buttons';
import { LAYOUT_MAX_WIDTH } from '../theme/layout';
import { NotificationsBell } from '../../features/alerts';
import type { SessionUser } from '../../features/session';
import { InvitationsBadge, type WorkspaceSelection } from '../../features/workspaces';
import { NavDrawer } from './nav-drawer';
import type { NavItem, WorkspacePickerState } from './nav-items';
import { isCurrentPage } from './nav-items';
import { UserMenu } from './user-menu';
import { WorkspacePicker } from './workspace-picker';

export interface TopBarProps {
  user: SessionUser | null;
  verified: boolean;
  items: NavItem[];
  picker: WorkspacePickerState;
  selection: WorkspaceSelection;
  onSignOut: () => void;
}

/** Where the bar switches between inline links and the side drawer. */
export const DESKTOP_BREAKPOINT = 'lg';

/**
 * The top bar: brand, links, workspace picker, notifications and user menu; on small screens the
 * same items live in a side drawer.
 */
export function TopBar({ user, verified, items, picker, selection, onSignOut }: TopBarProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const desktop = { xs: 'none', [DESKTOP_BREAKPOINT]: 'flex' } as const;
  const mobile = { xs: 'inline-flex', [DESKTOP_BREAKPOINT]: 'none' } as const;

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.default' }}
    >
      <Toolbar
        component="nav"
        aria-label="Main"
        sx={{ width: '100%', maxWidth: LAYOUT_MAX_WIDTH, mx: 'auto', gap: 1.5 }}
      >
        <IconButton
          edge="start"
          color="inherit"
          aria-label="Open navigation menu"
          onClick={() => setDrawerOpen(true)}
          sx={{ display: mobile }}
        >
          <MenuIcon />
        </IconButton>
        <BrandLink />
        {picker.loading && (
          <Skeleton
            variant="rounded"
            width={180}
            height={40}
            aria-hidden
            sx={{ display: desktop, ml: 1, flex: 'none' }}
          />
        )}
        {picker.visible && (
          // The picker gives up width first (down to 120 px), so the bar never overflows when
          // the invitations icon joins it.
          <Box sx={{ display: desktop, ml: 1, flex: '0 1 240px', minWidth: 120 }}>
            <WorkspacePicker
              workspaces={selection.workspaces}
              selected={selection.selected}
              state={picker}
              onSelect={selection.select}
            />
          </Box>
        )}
        <Box sx={{ display: desktop, gap: 0.5, ml: 1 }}>
          {items.map((item) => (
            <Button
              key={item.key}
              component={RouterLink}
              to={item.to}
              aria-current={isCurrentPage(item.to, location) ? 'page' : undefined}
              color="inherit"
              size="small"
              sx={{ '&[aria-current="page"]': { color: 'primary.main' } }}
            >
              {item.label}
            </Button>
          ))}
        </Box>
        <Box sx={{ flex: 1 }} />
        {user && verified && <InvitationsBadge />}
        {user && verified && <NotificationsBell workspaceId={selection.selected?.id ?? null} />}
        <ColorModeToggle />
        {user ? <UserMenu user={user} onSignOut={onSignOut} /> : <SignInButtons />}
      </Toolbar>
      <NavDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        user={user}
        items={items}
        picker={picker}
        selection={selection}
        onSignOut={onSignOut}
      />
    </AppBar>
  );
}
