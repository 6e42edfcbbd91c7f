import toast from 'react-hot-toast';
import { resetToastHistory, showErrorToast, showSuccessToast } from './toasts';

const errorToast = jest.spyOn(toast, 'error');
const successToast = jest.spyOn(toast, 'success');

beforeEach(() => {
  resetToastHistory();
  errorToast.mockClear();
  successToast.mockClear();
});
afterEach(() => toast.remove());

describe('toast de-duplication', () => {
  it('suppresses an identical error within 4 s', () => {
    expect(showErrorToast('Resource not found.', 0)).toBe(true);
    expect(showErrorToast('Resource not found.', 3_999)).toBe(false);
    expect(showErrorToast('Resource not found.', 4_000)).toBe(true);
    expect(errorToast).toHaveBeenCalledTimes(2);
    expect(errorToast).toHaveBeenCalledWith('Resource not found.', {
      id: 'error:Resource not found.',
    });
  });

  it('shows different errors at once', () => {
    expect(showErrorToast('A', 0)).toBe(true);
    expect(showErrorToast('B', 1)).toBe(true);
    expect(errorToast).toHaveBeenCalledTimes(2);
  });

  it('suppresses an identical success within 2 s', () => {
    expect(showSuccessToast('Successfully logged out', 10)).toBe(true);
    expect(showSuccessToast('Successfully logged out', 2_009)).toBe(false);
    expect(showSuccessToast('Successfully logged out', 2_010)).toBe(true);
    expect(successToast).toHaveBeenCalledTimes(2);
    expect(successToast).toHaveBeenCalledWith('Successfully logged out', {
      id: 'success:Successfully logged out',
    });
  });

  it('keeps errors and successes apart', () => {
    expect(showErrorToast('Same', 0)).toBe(true);
    expect(showSuccessToast('Same', 0)).toBe(true);
  });
});
