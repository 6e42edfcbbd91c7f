import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type SvgIcon from '@mui/material/SvgIcon';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';

interface CategoryBlurb {
  title: string;
  text: string;
  Icon: typeof SvgIcon;
}

// Marketing copy for the four categories the product tracks.
const categories: CategoryBlurb[] = [
  {
    title: 'Certificates',
    text: 'SSL/TLS, code-signing and client certificates, with their domains, issuer and serial number.',
    Icon: VerifiedUserOutlined,
  },
  {
    title: 'Keys & secrets',
    text: 'API keys, secrets, passwords, encryption and SSH keys, with where they live and who uses them.',
    Icon: KeyOutlined,
  },
  {
    title: 'Licenses',
    text: 'Software licenses, service subscriptions and domain registrations, with vendor, cost and renewal link.',
    Icon: ReceiptLongOutlined,
  },
  {
    title: 'General',
    text: 'Documents, memberships and anything else whose date matters.',
    Icon: Inventory2Outlined,
  },
];

export function CategoryOverview() {
  return (
    <Box component="section" aria-labelledby="categories-heading">
      <Typography id="categories-heading" variant="h2" sx={{ mb: 1 }}>
        Everything that expires, in one place
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 4, maxWidth: 640 }}>
        Four categories, each with the fields that matter for it.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        }}
      >
        {categories.map(({ title, text, Icon }) => (
          <Card key={title} component="article" sx={{ p: 3 }}>
            <Icon color="primary" sx={{ fontSize: 32, mb: 2 }} />
            <Typography variant="h5" component="h3" sx={{ mb: 1 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {text}
            </Typography>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
