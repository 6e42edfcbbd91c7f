import { useTheme } from '@mui/material/styles';
import { Toaster } from 'react-hot-toast';

/** Toasts top-right (spec §8), styled from the theme; durations are react-hot-toast's defaults. */
export function AppToaster() {
  const theme = useTheme();
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        style: {
          background: theme.palette.background.paper,
          color: theme.palette.text.primary,
          border: `1px solid ${theme.palette.divider}`,
          fontFamily: theme.typography.fontFamily,
          fontSize: theme.typography.body2.fontSize,
        },
      }}
    />
  );
}
