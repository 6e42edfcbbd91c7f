import Chip from '@mui/material/Chip';
import { render, screen } from '@testing-library/react';
import { LabelWithCount } from './label-with-count';

// This test reads the styles that cut a long name: it needs every declaration, not only those
// the shared test cache keeps (web/test-support/jsdom-emotion-cache.ts).
jest.unmock('@emotion/cache');

const longName = 'A section named at length for a team that likes to explain itself '
  .repeat(2)
  .trim();

describe('LabelWithCount', () => {
  it('names a chip "name (count)", the name apart so a right-to-left one keeps its count after it', () => {
    render(<Chip clickable label={<LabelWithCount label="قسم 🚀" count={1} />} />);
    const chip = screen.getByRole('button', { name: 'قسم 🚀 (1)' });
    expect(chip.querySelector('bdi')).toHaveTextContent('قسم 🚀');
  });

  it('cuts only the name of a label too long for its chip: the count never shrinks, and the whole name is its title', () => {
    render(<Chip clickable label={<LabelWithCount label={longName} count={1234} />} />);
    const chip = screen.getByRole('button', { name: `${longName} (1,234)` });
    const name = chip.querySelector('bdi')!;
    expect(name).toHaveAttribute('title', longName);
    expect(name).toHaveStyle({ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: '0' });
    const count = chip.querySelector('[data-part="count"]')!;
    expect(count).toHaveTextContent('(1,234)');
    expect(count).toHaveStyle({ flexShrink: '0' });
    expect(name.contains(count)).toBe(false);
  });
});
