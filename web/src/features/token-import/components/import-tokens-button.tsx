import { useState } from 'react';
import Button from '@mui/material/Button';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { ImportDialog } from './import-dialog-on-demand';

/** "Import" beside the create form's title (editors only: the dashboard shows it to them). */
export function ImportTokensButton({ workspaceId }: { workspaceId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setOpen(true)}>
        Import
      </Button>
      {open && <ImportDialog workspaceId={workspaceId} onClose={() => setOpen(false)} />}
    </>
  );
}
