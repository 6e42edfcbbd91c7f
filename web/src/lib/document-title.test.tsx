import { render } from '@testing-library/react';
import { documentTitle, PRODUCT_NAME, useDocumentTitle } from './document-title';

function Page({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

describe('document title', () => {
  it('names the page before the product', () => {
    expect(documentTitle('Dashboard')).toBe('Dashboard · Expiry Radar');
    expect(documentTitle('Sign in')).not.toBe(PRODUCT_NAME);
  });

  it('is set while the page is shown and follows it', () => {
    const { rerender } = render(<Page title={documentTitle('Usage')} />);
    expect(document.title).toBe('Usage · Expiry Radar');
    rerender(<Page title={documentTitle('Audit log')} />);
    expect(document.title).toBe('Audit log · Expiry Radar');
  });
});
