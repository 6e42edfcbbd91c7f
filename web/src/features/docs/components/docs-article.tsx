import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { documentTitle as toDocumentTitle, useDocumentTitle } from '../../../lib/document-title';

/** A documentation page: title, lead paragraph, sections. */
export function DocsArticle({
  title,
  documentTitle,
  lead,
  children,
}: {
  title: string;
  /** The browser tab's name of the page; else "{title} · Docs". */
  documentTitle?: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(toDocumentTitle(documentTitle ?? `${title} · Docs`));
  return (
    <Box component="article" aria-labelledby="docs-title" sx={{ maxWidth: 780, minWidth: 0 }}>
      <Typography id="docs-title" variant="h1" sx={{ fontSize: { xs: '1.875rem', md: '2.25rem' } }}>
        {title}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 4, fontSize: '1.0625rem' }}>
        {lead}
      </Typography>
      {children}
    </Box>
  );
}

export function DocsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 4 }}>
      <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 1.5 }}>{children}</Typography>;
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <Box component="ul" sx={{ pl: 3, mt: 0, mb: 2, '& li': { mb: 0.75 } }}>
      {items.map((item, index) => (
        <Typography component="li" key={index}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

/** A block of code or a request example. */
export function CodeBlock({ children }: { children: string }) {
  return (
    <Box
      component="pre"
      sx={{
        p: 2,
        mb: 2,
        borderRadius: 2,
        bgcolor: 'action.hover',
        overflowX: 'auto',
        fontSize: '0.8125rem',
        lineHeight: 1.6,
      }}
    >
      <code>{children}</code>
    </Box>
  );
}

export function Code({ children }: { children: ReactNode }) {
  return (
    <Box
      component="code"
      sx={{ px: 0.5, py: 0.125, borderRadius: 1, bgcolor: 'action.hover', fontSize: '0.875em' }}
    >
      {children}
    </Box>
  );
}
