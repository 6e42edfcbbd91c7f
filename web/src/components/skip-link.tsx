import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';

/** The id of each page's main content: where "Skip to content" moves the focus. */
export const MAIN_CONTENT_ID = 'main-content';

/** Props of the element holding the main content: the skip link's target, focusable by script. */
export const mainContentProps = {
  id: MAIN_CONTENT_ID,
  tabIndex: -1,
  sx: { '&:focus': { outline: 'none' } },
} as const;

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  // Focus the content itself rather than change the URL's hash (the router owns the URL).
  event.preventDefault();
  main.focus();
  main.scrollIntoView?.({ block: 'start' });
}

/**
 * "Skip to content": the first focusable element of every page, hidden until it has the focus;
 * it moves the focus past the top bar to the page's main content.
 */
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skipToContent}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        textDecoration: 'none',
        transform: 'translateY(-150%)',
        '&:focus': { transform: 'none', outline: '2px solid', outlineOffset: 2 },
      }}
    >
      Skip to content
    </Box>
  );
}
