import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BrandLink } from '../../../components/brand-link';
import { ColorModeToggle } from '../../../components/color-mode-toggle';
import { mainContentProps, SkipLink } from '../../../components/skip-link';
import { documentTitle, useDocumentTitle } from '../../../lib/document-title';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the sign-in screens: logo, a card with the form, links below. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  useDocumentTitle(documentTitle(title));
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center' }}
    >
      <SkipLink />
      <Stack
        component="header"
        direction="row"
        sx={{ width: '100%', maxWidth: 480, alignItems: 'center', px: 2, py: 2 }}
      >
        <Box sx={{ mr: 'auto' }}>
          <BrandLink />
        </Box>
        <ColorModeToggle />
      </Stack>
      <Box
        component="main"
        {...mainContentProps}
        sx={[
          { width: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center' },
          mainContentProps.sx,
        ]}
      >
        <Card
          sx={{
            width: 'calc(100% - 32px)',
            maxWidth: 440,
            p: { xs: 3, sm: 4 },
            mx: 2,
            mt: { xs: 2, sm: 6 },
          }}
        >
          <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: subtitle ? 1 : 3 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="textSecondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Card>
        {footer && (
          <Box sx={{ mt: 3, mb: 6, px: 2, textAlign: 'center' }}>
            <Typography variant="body2" color="textSecondary" component="div">
              {footer}
            </Typography>
          </Box>
        )}
      </Box>
    </Box>
  );
}
