import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { documentTitle, useDocumentTitle } from '../lib/document-title';

interface ErrorScreenProps {
  title: string;
  /** What happened, under the title. */
  children: ReactNode;
  /** The way out: a button. */
  action: ReactNode;
}

/** A whole-page alert when the app cannot show a page: a title, what happened, a way out. */
export function ErrorScreen({ title, children, action }: ErrorScreenProps) {
  useDocumentTitle(documentTitle(title));
  return (
    <Stack
      role="alert"
      spacing={2}
      sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', p: 3 }}
    >
      <Typography variant="h1" sx={{ fontSize: '2rem', textAlign: 'center' }}>
        {title}
      </Typography>
      {children}
      {action}
    </Stack>
  );
}
