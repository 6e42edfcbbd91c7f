import { render, screen, within } from '@testing-library/react';
import { CATEGORY_DEFINITIONS } from '@expiry-radar/shared/domain/categories';
import { tokenFixture } from '../../../../test-support/token-fixtures';
import { DEFAULT_SORT } from '../token-sorting';
import { TokenTable } from './token-table';

const noop = () => undefined;

describe('token table cells', () => {
  it('show the expiry in the user locale with the ISO date on hover, and "—" when empty', () => {
    const token = tokenFixture({
      name: 'VPN key',
      type: 'api_key',
      category: 'key_secret',
      expiresAt: '2031-05-06',
      location: 'vault',
      used_by: null,
      description: '',
    });
    render(
      <TokenTable
        definition={CATEGORY_DEFINITIONS.key_secret}
        tokens={[token]}
        sort={DEFAULT_SORT}
        onSort={noop}
        canEdit={false}
        now={new Date('2030-01-01T00:00:00Z')}
        onDetails={noop}
        onRenew={noop}
        onDelete={noop}
      />,
    );
    const row = screen.getByRole('row', { name: /VPN key/ });
    const expiry = within(row).getByTitle('2031-05-06');
    expect(expiry.tagName).toBe('TIME');
    expect(expiry).toHaveTextContent(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        Date.UTC(2031, 4, 6),
      ),
    );
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // Location, Used By, Description: a value, then two empty cells.
    expect(cells.slice(1, 4)).toEqual(['vault', '—', '—']);
  });
});
