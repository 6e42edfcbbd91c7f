import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { ExportFormat } from '@expiry-radar/shared/constants/paging';
import { saveFile } from '../../../lib/save-file';
import { useExportTokensMutation } from '../../tokens';

const FORMATS: readonly { format: ExportFormat; label: string; hint: string }[] = [
  { format: 'csv', label: 'CSV', hint: 'For spreadsheets' },
  { format: 'json', label: 'JSON', hint: 'For scripts and other tools' },
];

/**
 * "Export": every token of the workspace as a CSV or JSON file (the columns the import reads
 * back). Failures show the error catalogue's toast.
 */
export function ExportTokensButton({ workspaceId }: { workspaceId: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const exporting = useExportTokensMutation(workspaceId);

  const download = async (format: ExportFormat) => {
    setAnchor(null);
    try {
      saveFile(await exporting.mutateAsync(format));
    } catch {
      // The API client has shown the error.
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        loading={exporting.isPending}
        aria-haspopup="menu"
        aria-controls={anchor ? 'export-tokens-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Export
      </Button>
      <Menu
        id="export-tokens-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {FORMATS.map(({ format, label, hint }) => (
          <MenuItem key={format} onClick={() => void download(format)}>
            <ListItemText primary={`Export ${label}`} secondary={hint} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
