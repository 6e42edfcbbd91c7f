import { useTheme } from '@mui/material/styles';
import { Toaster } from 'react-hot-toast';
import { TOAST_SETTINGS } from '@expiry-radar/shared/constants/toast-settings';

const { durationsMs, offsetPx, removeDelayMs } = TOAST_SETTINGS;

/** Toasts top-right with the durations of TOAST_SETTINGS, styled from the theme. */
export function AppToaster() {
  const theme = useTheme();
  return (
    <Toaster
      position={TOAST_SETTINGS.position}
      containerStyle={{ top: offsetPx, right: offsetPx, bottom: offsetPx, left: offsetPx }}
      toastOptions={{
        duration: durationsMs.blank,
        removeDelay: removeDelayMs,
        success: { duration: durationsMs.success },
        error: { duration: durationsMs.error },
        loading: { duration: durationsMs.loading },
        custom: { duration: durationsMs.custom },
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
