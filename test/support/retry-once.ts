/**
 * The e2e project's tests run once more when they fail, and the first failure is printed above
 * the retry's outcome: a browser suite shares its machine with the rest of the run, and a wait
 * that runs out there once should not fail a change that is sound. A test that fails twice fails
 * the run. The retry follows the failure at once: jest's default runs retries after the rest of
 * the file, where a suite's later tests have moved its shared state on (a plan changed, a
 * workspace created), so the retry fails for reasons of its own and hides the first failure.
 */
jest.retryTimes(1, { logErrorsBeforeRetry: true, retryImmediately: true });
