import Box from '@mui/material/Box';
import type { BoxProps } from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { LAYOUT_MAX_WIDTH } from '../app/theme/layout';

type SxItem = Exclude<SxProps<Theme>, ReadonlyArray<unknown>>;

/** Centres page content at the layout's maximum width (1200px). */
export function PageContainer({ sx, ...props }: BoxProps) {
  const extra: readonly SxItem[] =
    sx === undefined ? [] : Array.isArray(sx) ? (sx as readonly SxItem[]) : [sx as SxItem];
  return (
    <Box
      {...props}
      sx={[
        { width: '100%', maxWidth: LAYOUT_MAX_WIDTH, mx: 'auto', px: { xs: 2, sm: 3 } },
        ...extra,
      ]}
    />
  );
}
