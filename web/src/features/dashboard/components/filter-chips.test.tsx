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

  it('set a right-to-left name apart from its count', () => {
    const name = '\u200Fقسم 🚀';
    render(
      <SectionFilterChips
        chips={[{ value: name, label: name, count: 1 }]}
        selected="__all__"
        onSelect={() => {}}
      />,
    );
    const chip = screen.getByRole('button', { name: `${name} (1)` });
    // The name in its own <bdi>, the count after it, outside: it keeps its place after the name.
    const isolate = chip.querySelector('bdi')!;
    expect(isolate.textContent).toBe(name);
    expect(isolate.parentElement!.firstChild).toBe(isolate);
    expect(isolate.parentElement!.textContent).toBe(`${name} (1)`);
  });
});
