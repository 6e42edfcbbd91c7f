import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reloadPage } from '../lib/reload-page';
import { AppErrorBoundary } from './app-error-boundary';
import { CrashScreen } from './crash-screen';

jest.mock('../lib/reload-page', () => ({ reloadPage: jest.fn() }));

function Broken(): never {
  throw new Error('render failed');
}

describe('CrashScreen', () => {
  afterEach(() => jest.clearAllMocks());

  it('says something went wrong and reloads the page on Refresh Page', async () => {
    render(<CrashScreen />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('is what the top-level error boundary shows when rendering throws', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    const onError = jest.fn();
    render(
      <AppErrorBoundary onError={onError}>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'render failed' }),
      expect.anything(),
    );
    consoleError.mockRestore();
  });
});
