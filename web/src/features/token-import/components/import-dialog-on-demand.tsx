import { Suspense, lazy } from 'react';
import type { ImportDialogProps } from './import-dialog';

// Its code (the file readers, the column mapping, the preview table) loads when first opened.
const LoadedImportDialog = lazy(() =>
  import('./import-dialog').then((module) => ({ default: module.ImportDialog })),
);

/** The import dialog, its code loaded as it first opens (nothing shows meanwhile). */
export function ImportDialog(props: ImportDialogProps) {
  return (
    <Suspense fallback={null}>
      <LoadedImportDialog {...props} />
    </Suspense>
  );
}
