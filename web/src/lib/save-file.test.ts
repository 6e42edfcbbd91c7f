import { saveFile } from './save-file';

describe('saveFile', () => {
  const createObjectURL = jest.fn(() => 'blob:http://app.expiry-radar.test/file-1');
  const revokeObjectURL = jest.fn();

  beforeEach(() => {
    jest.useFakeTimers();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
  });

  afterEach(() => jest.useRealTimers());

  it('clicks a temporary download link named after the file, then releases the URL', () => {
    const blob = new Blob(['a,b'], { type: 'text/csv' });
    const clicked: Array<{ href: string; download: string; attached: boolean }> = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });

    saveFile({ blob, fileName: 'expiry-radar-audit-account-2026-01-02.csv' });

    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([
      {
        href: 'blob:http://app.expiry-radar.test/file-1',
        download: 'expiry-radar-audit-account-2026-01-02.csv',
        attached: true,
      },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://app.expiry-radar.test/file-1');
    click.mockRestore();
  });
});
