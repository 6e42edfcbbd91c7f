import { render, screen } from '@testing-library/react';
import { DateText } from './date-text';

describe('DateText', () => {
  it('shows the date in the locale, with the ISO date as tooltip and machine value', () => {
    render(<DateText value="2026-03-04" kind="day" />);
    const time = screen.getByTitle('2026-03-04');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', '2026-03-04');
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
    expect(time).toHaveTextContent(expected.format(Date.UTC(2026, 2, 4)));
  });

  it('shows "—" when there is no date', () => {
    const { container } = render(<DateText value={null} kind="dateTime" />);
    expect(container).toHaveTextContent(/^—$/);
    expect(container.querySelector('time')).toBeNull();
  });
});
