import { Suspense } from 'react';
import { lazyNamed } from '../../../components/lazy-named';
import type { ImportDialogProps } from './import-dialog';

// Its code (the file readers, the column mapping, the preview table) loads when first opened.
const LoadedImportDialog = lazyNamed(() => import('./import-dialog'), 'ImportDialog');

/** The import dialog, its code loaded as it first opens (nothing shows meanwhile). */
export function ImportDialog(props: ImportDialogProps) {
  return (
    <Suspense fallback={null}>
      <LoadedImportDialog {...props} />
    </Suspense>
  );
}
