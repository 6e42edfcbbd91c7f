import { useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { IMPORT_MAX_ROWS } from '@expiry-radar/shared/api/inventory-api-schemas';
import { countText } from '@expiry-radar/shared/domain/count-text';
import {
  IMPORT_FILE_TYPES,
  ImportFileError,
  readImportSource,
  type ImportSource,
} from '../import-source';

/** Drop or choose a CSV, XLSX or JSON file; a file that cannot be read says why. */
export function ImportFileStep({ onRead }: { onRead: (source: ImportSource) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const read = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setReading(true);
    try {
      onRead(await readImportSource(file));
    } catch (error) {
      setProblem(
        error instanceof ImportFileError ? error.message : `${file.name} could not be read.`,
      );
    } finally {
      setReading(false);
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void read(event.dataTransfer.files[0]);
  };

  return (
    <Box>
      <Box
        data-testid="import-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: { xs: 3, sm: 5 },
          textAlign: 'center',
          bgcolor: dragging ? 'action.hover' : 'transparent',
        }}
      >
        <Typography sx={{ mb: 2 }}>Drop a CSV, XLSX or JSON file here, or choose one.</Typography>
        <Button
          variant="contained"
          startIcon={<UploadFileOutlined />}
          loading={reading}
          onClick={() => input.current?.click()}
        >
          Choose file
        </Button>
        <input
          ref={input}
          type="file"
          accept={IMPORT_FILE_TYPES}
          hidden
          aria-label="Token file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void read(file);
          }}
        />
        <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
          One token a row, with a header row naming the columns (an export of this dashboard works
          as it is). Up to {countText(IMPORT_MAX_ROWS)} rows.
        </Typography>
      </Box>
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
