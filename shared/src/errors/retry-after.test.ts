import { formatWait, retryAfterDetail, retryAfterSecondsOf } from './retry-after';

describe('retry-after details', () => {
  it('round-trips the seconds through the details of an error body', () => {
    const details = [{ path: 'email', message: 'Taken' }, retryAfterDetail(42)];
    expect(retryAfterSecondsOf(details)).toBe(42);
    expect(retryAfterDetail(0.2)).toEqual({ path: 'retryAfterSeconds', message: '1' });
  });

  it('finds nothing in details without a usable entry', () => {
    expect(retryAfterSecondsOf(undefined)).toBeUndefined();
    expect(retryAfterSecondsOf('60')).toBeUndefined();
    expect(retryAfterSecondsOf([{ path: 'retryAfterSeconds', message: 'soon' }])).toBeUndefined();
    expect(retryAfterSecondsOf([{ path: 'retryAfterSeconds', message: '-5' }])).toBeUndefined();
    expect(retryAfterSecondsOf([null, { path: 'other', message: '60' }])).toBeUndefined();
  });

  it('words a wait in seconds, or minutes from two minutes on', () => {
    expect(formatWait(60)).toBe('60 s');
    expect(formatWait(119)).toBe('119 s');
    expect(formatWait(120)).toBe('2 min');
    expect(formatWait(2401)).toBe('41 min');
  });
});
