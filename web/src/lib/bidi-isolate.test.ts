import { isolated } from './bidi-isolate';

describe('isolated', () => {
  it('sets right-to-left text (or text with a direction mark) apart with U+2068 … U+2069', () => {
    expect(isolated('قسم 🚀')).toBe('\u2068قسم 🚀\u2069');
    expect(isolated('צוות')).toBe('\u2068צוות\u2069');
    expect(isolated('\u200FTeam')).toBe('\u2068\u200FTeam\u2069');
  });

  it('returns any other text as it is', () => {
    expect(isolated('Platform 🚀')).toBe('Platform 🚀');
    expect(isolated('Bücher 2024')).toBe('Bücher 2024');
  });
});
