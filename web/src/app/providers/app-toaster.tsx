import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Toaster } from 'react-hot-toast';
import { TOAST_SETTINGS } from '@expiry-radar/shared/constants/toast-settings';

const { durationsMs, offsetPx, removeDelayMs } = TOAST_SETTINGS;

/** The top bar's height: MUI's toolbar, 64 px from the `sm` breakpoint, 56 px below it. */
const TOP_BAR_HEIGHT_PX = { narrow: 56, wide: 64 } as const;

/**
 * Toasts top-right with the durations of TOAST_SETTINGS, styled from the theme: below the top
 * bar, so that a toast never covers the notifications bell or the account menu.
 */
export function AppToaster() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'));
  const topBar = wide ? TOP_BAR_HEIGHT_PX.wide : TOP_BAR_HEIGHT_PX.narrow;
  return (
    <Toaster
      position={TOAST_SETTINGS.position}
      containerStyle={{
        top: topBar + offsetPx,
        right: offsetPx,
        bottom: offsetPx,
        left: offsetPx,
      }}
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
