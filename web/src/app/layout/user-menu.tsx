import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink, useLocation } from 'react-router';
import type { SessionUser } from '../../features/session';
import { isCurrentPage, userMenuLinks } from './nav-items';

interface UserMenuProps {
  user: SessionUser;
  onSignOut: () => void;
}

export function initials(user: SessionUser): string {
  const source = user.displayName || user.name || user.email;
  return source.trim().charAt(0).toUpperCase() || '?';
}

/** Account Settings, Preferences, Billing & Plans, Sign Out. */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const location = useLocation();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Avatar src={user.avatar ?? undefined} alt="" sx={{ width: 32, height: 32, fontSize: 15 }}>
          {initials(user)}
        </Avatar>
      </IconButton>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <ListItemText
          sx={{ px: 2, py: 1 }}
          primary={user.displayName}
          secondary={user.email}
          slotProps={{ secondary: { noWrap: true } }}
        />
        <Divider />
        {userMenuLinks.map((link) => {
          const current = isCurrentPage(link.to, location);
          return (
            <MenuItem
              key={link.to}
              component={RouterLink}
              to={link.to}
              selected={current}
              aria-current={current ? 'page' : undefined}
              onClick={close}
            >
              {link.label}
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onSignOut();
          }}
        >
          Sign Out
        </MenuItem>
      </Menu>
    </>
  );
}
