import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { Spinner } from '../../../components/spinner';

/**
 * Scalar's secondary text colours fall just short of WCAG AA contrast (4.5:1) in both modes
 * (#8e8e8e and #757575 on white, #797979 on near black): darker in light mode, lighter in dark.
 */
const READABLE_SECONDARY_TEXT = `
.light-mode { --scalar-color-2: #595959 !important; --scalar-color-3: #616161 !important; }
.dark-mode { --scalar-color-2: #b4b4b4 !important; --scalar-color-3: #a3a3a3 !important; }
`;

export const REFERENCE_FAILED =
  'The API reference could not be loaded. The description itself is at /api/openapi.json.';

/**
 * The API reference (Scalar) rendering the OpenAPI description at `url`. Scalar and its styles
 * load only when this mounts, in a chunk of their own, so no other page carries them.
 */
export function ApiReference({ url }: { url: string }) {
  const mode = useTheme().palette.mode;
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    Promise.all([import('@scalar/api-reference'), import('@scalar/api-reference/style.css')])
      .then(([scalar]) => {
        if (cancelled || !container.current) return;
        const reference = scalar.createApiReference(container.current, {
          url,
          layout: 'classic',
          hideClientButton: true,
          hideDarkModeToggle: true,
          // In the app's own light or dark mode, not a white panel in a dark page.
          forceDarkModeState: mode,
          customCss: READABLE_SECONDARY_TEXT,
          withDefaultFonts: false,
        });
        destroy = () => reference.destroy();
        setState('shown');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [url, mode]);

  return (
    <Box>
      {state === 'loading' && <Spinner minHeight={200} />}
      {state === 'failed' && <Alert severity="error">{REFERENCE_FAILED}</Alert>}
      <Box ref={container} data-testid="api-reference" />
    </Box>
  );
}
