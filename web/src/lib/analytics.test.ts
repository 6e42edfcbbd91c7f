import { captureEvent, initAnalytics, isAnalyticsRunning, resetAnalytics } from './analytics';

const mockModuleLoaded = jest.fn<void, []>();
const mockInit = jest.fn<void, [string, Record<string, unknown>]>();
const mockCapture = jest.fn<void, [string, Record<string, unknown>?]>();

jest.mock('posthog-js', () => {
  mockModuleLoaded();
  return {
    __esModule: true,
    default: {
      init: (key: string, options: Record<string, unknown>) => mockInit(key, options),
      capture: (event: string, properties?: Record<string, unknown>) =>
        mockCapture(event, properties),
    },
  };
});

beforeEach(() => {
  resetAnalytics();
  jest.clearAllMocks();
});
afterAll(() => resetAnalytics());

describe('analytics', () => {
  it.each([
    { analyticsKey: '', analyticsHost: '' },
    { analyticsKey: 'phc_1', analyticsHost: '' },
    { analyticsKey: '', analyticsHost: 'https://eu.example.com' },
  ])('loads nothing unless both key and host are set (%j)', async (config) => {
    await expect(initAnalytics(config)).resolves.toBe(false);
    expect(mockModuleLoaded).not.toHaveBeenCalled();
    expect(mockInit).not.toHaveBeenCalled();
    expect(isAnalyticsRunning()).toBe(false);
    captureEvent('anything');
    expect(mockCapture).not.toHaveBeenCalled();
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
    expect(mockCapture).not.toHaveBeenCalled();
  });

  it('starts posthog with exactly its privacy options when configured', async () => {
    await expect(
      initAnalytics({ analyticsKey: 'phc_1', analyticsHost: 'https://eu.example.com' }),
    ).resolves.toBe(true);
    expect(mockModuleLoaded).toHaveBeenCalledTimes(1);
    expect(mockInit).toHaveBeenCalledWith('phc_1', {
      api_host: 'https://eu.example.com',
      capture_pageview: false,
      autocapture: false,
      disable_session_recording: true,
      disable_surveys: true,
      capture_performance: false,
      persistence: 'memory',
      respect_dnt: true,
      cookieless_mode: 'always',
      disable_compression: false,
      request_batching: true,
      before_send: expect.any(Function) as unknown,
    });
    const options = mockInit.mock.calls[0]?.[1] as unknown as {
      before_send: (event: unknown) => unknown;
    };
    expect(
      options.before_send({
        event: 'x',
        properties: { workspace_id: 'w1', $current_url: 'https://a.example/x?token=t' },
      }),
    ).toEqual({
      event: 'x',
      properties: { workspace_id: '[redacted]', $current_url: 'https://a.example/x' },
    });
  });

  it('sends unhandled errors and promise rejections', async () => {
    await initAnalytics({ analyticsKey: 'phc_1', analyticsHost: 'https://eu.example.com' });
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'boom', error: new TypeError('boom') }),
    );
    expect(mockCapture).toHaveBeenCalledWith(
      'unhandled_error',
      expect.objectContaining({ message: 'boom', name: 'TypeError' }),
    );
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(rejection, { reason: new Error('nope') });
    window.dispatchEvent(rejection);
    expect(mockCapture).toHaveBeenCalledWith(
      'unhandled_promise_rejection',
      expect.objectContaining({ message: 'nope' }),
    );
  });
});
