import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it("is an Error's message, any other thrown value as text, and never empty", () => {
    expect(errorMessage(new TypeError('socket hang up'))).toBe('socket hang up');
    expect(errorMessage('throttled')).toBe('throttled');
    expect(errorMessage(404)).toBe('404');
    expect(errorMessage(new Error(''))).toBe('Unknown error');
    expect(errorMessage('')).toBe('Unknown error');
  });
});
