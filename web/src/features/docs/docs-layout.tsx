import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { NavLink, Outlet } from 'react-router';
import { docsPages } from './docs-nav';

/** /docs and its sub-pages: a side list of pages beside the article. */
export function DocsLayout() {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 5 },
        gridTemplateColumns: { xs: '1fr', md: '220px 1fr' },
        alignItems: 'start',
      }}
    >
      <Box
        component="nav"
        aria-labelledby="docs-nav-title"
        sx={{ position: { md: 'sticky' }, top: { md: 88 } }}
      >
        <Typography id="docs-nav-title" variant="overline" color="textSecondary">
          Documentation
        </Typography>
        <List dense disablePadding>
          {docsPages.map((page) => (
            <ListItem key={page.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={page.to}
                end
                sx={{
                  borderRadius: 1,
                  '&.active': { bgcolor: 'action.selected', color: 'primary.main' },
                }}
              >
                <ListItemText primary={page.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Outlet />
    </Box>
  );
}
