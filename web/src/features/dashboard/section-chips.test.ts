import { sectionChips } from './section-chips';
import { sectionFilterFrom } from './section-filter-param';

describe('section chips', () => {
  it('lists All sections, No section, then sections by count and name', () => {
    const chips = sectionChips([
      { section: 'payments', count: 2 },
      { section: null, count: 4 },
      { section: 'Identity', count: 5 },
      { section: 'data', count: 2 },
    ]);
    expect(chips.map((chip) => `${chip.label} ${chip.count}`)).toEqual([
      'All sections 13',
      'No section 4',
      'Identity 5',
      'data 2',
      'payments 2',
    ]);
    expect(chips.slice(0, 2).map((chip) => chip.value)).toEqual(['__all__', '__none__']);
  });

  it('reads the section parameter with __all__ as the default', () => {
    expect(sectionFilterFrom(null)).toBe('__all__');
    expect(sectionFilterFrom('')).toBe('__all__');
    expect(sectionFilterFrom('__none__')).toBe('__none__');
    expect(sectionFilterFrom('payments')).toBe('payments');
  });
});
