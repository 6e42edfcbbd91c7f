/** The browser tab's title: each page names itself before the product. */
import { useEffect } from 'react';

export const PRODUCT_NAME = 'Expiry Radar';

/** "Dashboard · Expiry Radar". */
export function documentTitle(page: string): string {
  return `${page} · ${PRODUCT_NAME}`;
}

/** Sets the document's title while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
