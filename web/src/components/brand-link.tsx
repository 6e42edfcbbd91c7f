import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Radar from '@mui/icons-material/Radar';
import { Link as RouterLink } from 'react-router';
import { paths } from '../lib/paths';

/** The logo, linking home. */
export function BrandLink() {
  return (
    <Box
      component={RouterLink}
      to={paths.home}
      aria-label="Expiry Radar home"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        color: 'text.primary',
        textDecoration: 'none',
        flex: 'none',
      }}
    >
      <Radar color="primary" />
      <Typography component="span" variant="h6" sx={{ whiteSpace: 'nowrap' }}>
        Expiry Radar
      </Typography>
    </Box>
  );
}
