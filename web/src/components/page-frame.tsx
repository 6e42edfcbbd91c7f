import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { documentTitle as toDocumentTitle, useDocumentTitle } from '../lib/document-title';

interface PageFrameProps {
  title: string;
  /** The browser tab's name of the page, when shorter than its heading; else the heading. */
  documentTitle?: string;
  /** One line on what the page is for. */
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** A page's heading (and the browser tab's title), its purpose line, and its content. */
export function PageFrame({
  title,
  documentTitle,
  description,
  actions,
  children,
}: PageFrameProps) {
  useDocumentTitle(toDocumentTitle(documentTitle ?? title));
  return (
    <Box component="section" aria-labelledby="page-title">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          mb: 3,
        }}
      >
        <Box>
          <Typography
            id="page-title"
            variant="h1"
            sx={{ fontSize: { xs: '1.875rem', md: '2.25rem' } }}
          >
            {title}
          </Typography>
          {description && (
            <Typography color="textSecondary" sx={{ mt: 1, maxWidth: 720 }}>
              {description}
            </Typography>
          )}
        </Box>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
