import { describeDaysLeft } from './days-left';

describe('describeDaysLeft', () => {
  it.each([
    [30, 'expires in 30 days'],
    [7, 'expires in 7 days'],
    [2, 'expires in 2 days'],
    [1, 'expires tomorrow'],
    [0, 'expires today'],
    [-1, 'expired yesterday'],
    [-4, 'expired 4 days ago'],
  ])('%i days left reads "%s"', (days, text) => {
    expect(describeDaysLeft(days)).toBe(text);
  });
});
