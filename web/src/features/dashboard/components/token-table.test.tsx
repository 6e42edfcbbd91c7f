import { render, screen, within } from '@testing-library/react';
import {
  CATEGORY_DEFINITIONS,
  type CategoryDefinition,
} from '@expiry-radar/shared/domain/categories';
import type { Token } from '@expiry-radar/shared/domain/token';
import { tokenFixture } from '../../../../test-support/token-fixtures';
import { DEFAULT_SORT } from '../token-sorting';
import { TokenTable } from './token-table';

const noop = () => undefined;

/** A read-only table of `tokens` in `definition`'s category, as seen at `now`. */
function renderTable(
  definition: CategoryDefinition,
  tokens: readonly Token[],
  now = new Date('2030-01-01T00:00:00Z'),
) {
  render(
    <TokenTable
      definition={definition}
      tokens={tokens}
      sort={DEFAULT_SORT}
      onSort={noop}
      canEdit={false}
      now={now}
      onDetails={noop}
      onRenew={noop}
      onDelete={noop}
    />,
  );
}

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
    renderTable(CATEGORY_DEFINITIONS.key_secret, [token]);
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

describe('discovered tokens in the table', () => {
  it('marks a token its integration no longer finds "Removed at source", and no other', () => {
    const source = { kind: 'gitlab' as const, integration_id: 'int-1', external_id: 'pat:1' };
    const removed = tokenFixture({
      id: 'tok-bot',
      name: 'GitLab token: bot',
      source: { ...source, removed_at: '2030-01-02T06:00:00.000Z' },
    });
    const found = tokenFixture({
      id: 'tok-ci',
      name: 'GitLab token: ci',
      source: { ...source, external_id: 'pat:2', removed_at: null },
    });
    renderTable(
      CATEGORY_DEFINITIONS.key_secret,
      [removed, found],
      new Date('2030-01-03T00:00:00Z'),
    );
    const removedRow = screen.getByRole('row', { name: /GitLab token: bot/ });
    expect(within(removedRow).getByText('Removed at source')).toBeVisible();
    const foundRow = screen.getByRole('row', { name: /GitLab token: ci/ });
    expect(within(foundRow).queryByText('Removed at source')).not.toBeInTheDocument();
  });
});

describe('certificate names in the table', () => {
  it('shows kept A-label names (domains, endpoints) in Unicode', () => {
    const token = tokenFixture({
      name: 'Bücher certificate',
      type: 'ssl_cert',
      category: 'cert',
      expiresAt: '2031-05-06',
      domains: ['xn--bcher-kva.de', '*.xn--bcher-kva.de'],
      endpoints: [
        { host: 'xn--bcher-kva.de', port: 443, sni: 'www.xn--bcher-kva.de', last_check: null },
      ],
    });
    renderTable(CATEGORY_DEFINITIONS.cert, [token]);
    const row = screen.getByRole('row', { name: /Bücher certificate/ });
    expect(within(row).getByText('bücher.de, *.bücher.de')).toBeInTheDocument();
    expect(within(row).getByText('bücher.de:443/www.bücher.de')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('xn--');
  });
});

describe('certificate endpoints in the table', () => {
  it("shows each endpoint's last check: a status word, the address, the problem on hover", () => {
    const check = {
      checked_at: '2030-01-01T06:00:00.000Z',
      consecutive_failures: 0,
      not_after: '2029-12-01T00:00:00.000Z',
      fingerprint_sha256: 'AB:CD',
      issuer: 'CN=Test CA',
      names: ['shop.example.com'],
      protocol: 'TLSv1.3',
      alerted_at: '2030-01-01T06:00:00.000Z',
    };
    const token = tokenFixture({
      name: 'Shop certificate',
      type: 'ssl_cert',
      category: 'cert',
      expiresAt: '2031-05-06',
      endpoints: [
        {
          host: 'shop.example.com',
          port: 443,
          sni: null,
          last_check: {
            ...check,
            status: 'problem',
            problem: 'expired',
            problem_since: check.checked_at,
            message: 'shop.example.com:443 serves an expired certificate',
          },
        },
        { host: '203.0.113.7', port: 8443, sni: 'shop.example.com', last_check: null },
        {
          host: 'shop.example.com',
          port: 9443,
          sni: null,
          last_check: { ...check, status: 'ok', problem: null, problem_since: null, message: 'OK' },
          paused_since: '2030-01-01T07:00:00.000Z',
        },
      ],
    });
    renderTable(CATEGORY_DEFINITIONS.cert, [token]);
    expect(screen.getByRole('columnheader', { name: 'Endpoints' })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Shop certificate/ });
    // Each endpoint's line: its status word, then its address (cut with an ellipsis when the
    // column is narrow), the address and the check in the line's tooltip.
    const lineOf = (address: string) => within(row).getByText(address).closest('[title]')!;
    const problem = lineOf('shop.example.com:443');
    expect(problem).toHaveTextContent('Problemshop.example.com:443');
    expect(problem.getAttribute('title')).toBe(
      'shop.example.com:443: shop.example.com:443 serves an expired certificate (checked 2030-01-01T06:00:00.000Z)',
    );
    expect(lineOf('203.0.113.7:8443/shop.example.com')).toHaveTextContent('Not checked yet');
    // Beyond the plan's limit after a downgrade: paused, whatever its last check said.
    const paused = lineOf('shop.example.com:9443');
    expect(paused).toHaveTextContent('Pausedshop.example.com:9443');
    expect(paused.getAttribute('title')).toMatch(
      /^shop\.example\.com:9443: Paused \(over your plan's limit\)/,
    );
  });
});
