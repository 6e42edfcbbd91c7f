import { render, screen } from '@testing-library/react';
import { CategoryFilterChips } from './category-filter-chips';
import { SectionFilterChips } from './section-filter-chips';

describe('filter chips', () => {
  it('write their counts with thousands separators', () => {
    render(
      <>
        <CategoryFilterChips counts={{ cert: 25_000 }} selected={null} onToggle={() => {}} />
        <SectionFilterChips
          chips={[{ value: '__all__', label: 'All sections', count: 100_000 }]}
          selected="__all__"
          onSelect={() => {}}
        />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Certificates (25,000)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'General (0)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'All sections (100,000)' })).toBeVisible();
  });
});
