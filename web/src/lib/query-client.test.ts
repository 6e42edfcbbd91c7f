import { ApiError } from './api-client';
import { retryRead } from './query-client';

describe('retryRead', () => {
  it('tries a failed read once more, but never a refusal: a 404 answers the same again', () => {
    expect(retryRead(0, new ApiError('Not found', { status: 404 }))).toBe(false);
    expect(retryRead(0, new ApiError('Forbidden', { status: 403 }))).toBe(false);
    expect(retryRead(0, new ApiError('Unavailable', { status: 503 }))).toBe(true);
    expect(retryRead(0, new ApiError('No answer', { noResponse: true }))).toBe(true);
    expect(retryRead(1, new ApiError('Unavailable', { status: 503 }))).toBe(false);
  });
});
