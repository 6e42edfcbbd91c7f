import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type {
  ImportOutcome,
  ImportTokensBody,
  ImportTokensResponse,
} from '@expiry-radar/shared/api/inventory-api-schemas';
import {
  installFetchMock,
  jsonResponse,
  type RecordedRequest,
} from '../../../../test-support/mock-fetch';
import { mediaQueryList } from '../../../../test-support/match-media';
import { createTestQueryClient } from '../../../../test-support/render-app';
import { resetApiClientState } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { resetToastHistory } from '../../../lib/toasts';
import { TOKENS_UPDATED_EVENT } from '../../../lib/tokens-updated';
import { TOO_LARGE } from './import-dialog';
import { ImportTokensButton } from './import-tokens-button';

jest.mock('../../../lib/save-file', () => ({ saveFile: jest.fn() }));

const FILE = [
  'Token,Kind,Expires,Colour',
  'Alpha,api_key,2031-01-01,red',
  'Beta,api_key,2020-01-01,blue',
  'Alpha,api_key,2031-02-02,green',
  '',
].join('\r\n');

/** Answers like the server for this file: row 2 is past, row 3 repeats row 1. */
function answerFor(body: ImportTokensBody): ImportTokensResponse {
  const rows = JSON.parse(body.content) as Record<string, string>[];
  const past = (row: Record<string, string>) => row.Expires === '2020-01-01';
  const outcomes = rows.map((row): ImportOutcome =>
    past(row) && !body.includeExpired ? 'invalid' : 'create',
  );
  const firstAlpha = rows.findIndex((row) => row.Token === 'Alpha');
  const duplicates = rows.flatMap((row, index) =>
    row.Token === 'Alpha' && index !== firstAlpha
      ? [{ row: index + 1, firstRow: firstAlpha + 1 }]
      : [],
  );
  for (const { row } of duplicates) outcomes[row - 1] = 'duplicate';
  return {
    dryRun: body.dryRun ?? false,
    rows: rows.length,
    created: outcomes.filter((outcome) => outcome === 'create').length,
    updated: 0,
    unchanged: 0,
    dropped: [],
    numericDates: null,
    expired: body.includeExpired
      ? rows.flatMap((row, index) => (past(row) ? [index + 1] : []))
      : [],
    invalid: outcomes.flatMap((outcome, index) =>
      outcome === 'invalid'
        ? [
            {
              row: index + 1,
              field: 'expiresAt',
              message: 'Expiration date must be in the future',
              code: 'VALIDATION_ERROR' as const,
            },
          ]
        : [],
    ),
    duplicates,
    outcomes,
    columns: [],
  };
}

function serve() {
  return installFetchMock({
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    'POST /api/v1/workspaces/ws-1/imports': (request) =>
      jsonResponse(answerFor(request.body as ImportTokensBody)),
  });
}

const importBodies = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.path === '/api/v1/workspaces/ws-1/imports')
    .map((request) => request.body as ImportTokensBody);

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
  jest.mocked(saveFile).mockClear();
});
afterEach(() => toast.remove());

describe('Import', () => {
  it('imports expired rows as expired tokens when asked to, and says which', async () => {
    const user = userEvent.setup();
    const { requests } = serve();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <ImportTokensButton workspaceId="ws-1" />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import tokens' });
    await user.upload(
      within(dialog).getByLabelText('Token file'),
      new File([FILE], 'inventory.csv', { type: 'text/csv' }),
    );
    const include = await within(dialog).findByRole('checkbox', { name: 'Include expired items' });
    expect(include).not.toBeChecked();
    expect(include).toHaveAccessibleDescription(
      'Rows whose expiration date has passed are imported as expired tokens, shown first on the dashboard, instead of being refused.',
    );
    await user.click(include);
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const preview = await within(dialog).findByRole('table', { name: 'Rows of the file' });
    expect(within(preview).getAllByRole('row')[2]).toHaveTextContent(
      '2BetaAPI KeyWill createAlready expired',
    );
    await user.click(within(dialog).getByRole('button', { name: /^Import 2 rows/ }));
    await within(dialog).findByText(/^Import finished/);
    expect(importBodies(requests).map((body) => body.includeExpired)).toEqual([true, true]);
  });

  it('reads a CSV, maps its columns, previews, writes the valid rows and offers the refused ones', async () => {
    const user = userEvent.setup();
    const { requests } = serve();
    const updated = jest.fn();
    window.addEventListener(TOKENS_UPDATED_EVENT, updated);
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <ImportTokensButton workspaceId="ws-1" />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import tokens' });
    await user.upload(
      within(dialog).getByLabelText('Token file'),
      new File([FILE], 'inventory.csv', { type: 'text/csv' }),
    );

    // Matched by name: Token -> Name, Kind -> Type, Expires -> Expiration Date; Colour: nothing.
    const mapping = await within(dialog).findByRole('table', { name: 'Column mapping' });
    expect(within(mapping).getByRole('combobox', { name: 'Field for Token' })).toHaveTextContent(
      'Name',
    );
    expect(within(mapping).getByRole('combobox', { name: 'Field for Colour' })).toHaveTextContent(
      'Don’t import',
    );
    // Unmapping a required field says what is missing and holds the preview back.
    await user.click(within(mapping).getByRole('combobox', { name: 'Field for Expires' }));
    await user.click(screen.getByRole('option', { name: 'Don’t import' }));
    expect(within(dialog).getByText('Map a column to Expiration Date.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Preview' })).toBeDisabled();
    await user.click(within(mapping).getByRole('combobox', { name: 'Field for Expires' }));
    await user.click(screen.getByRole('option', { name: 'Expiration Date' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const preview = await within(dialog).findByRole('table', { name: 'Rows of the file' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      '1 to create, 0 to update, 0 unchanged, 2 not imported.',
    );
    const outcomes = within(preview)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(outcomes).toEqual([
      '1AlphaAPI KeyWill create',
      '2BetaAPI KeyInvalidExpiration Date: Expiration date must be in the future',
      '3AlphaAPI KeyDuplicateSame name and type as row 1',
    ]);
    expect(importBodies(requests)).toEqual([
      {
        format: 'json',
        dryRun: true,
        includeExpired: false,
        dateOrder: 'month-day-year',
        mapping: { Token: 'name', Kind: 'type', Expires: 'expiresAt', Colour: null },
        content: JSON.stringify([
          { Token: 'Alpha', Kind: 'api_key', Expires: '2031-01-01', Colour: 'red' },
          { Token: 'Beta', Kind: 'api_key', Expires: '2020-01-01', Colour: 'blue' },
          { Token: 'Alpha', Kind: 'api_key', Expires: '2031-02-02', Colour: 'green' },
        ]),
      },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Import 1 row' }));
    expect(await within(dialog).findByText(/^Import finished/)).toHaveTextContent(
      'Import finished: 1 created, 0 updated, 0 unchanged, 2 not imported.',
    );
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(within(dialog).getByText('Imported 1 of 1 rows')).toBeVisible();
    // Only the row to create was sent, without a dry run.
    expect(importBodies(requests)[1]).toMatchObject({
      dryRun: false,
      includeExpired: false,
      content: JSON.stringify([
        { Token: 'Alpha', Kind: 'api_key', Expires: '2031-01-01', Colour: 'red' },
      ]),
    });
    expect(updated).toHaveBeenCalled();
    window.removeEventListener(TOKENS_UPDATED_EVENT, updated);

    await user.click(within(dialog).getByRole('button', { name: 'Download refused rows (CSV)' }));
    const saved = jest.mocked(saveFile).mock.calls[0]![0];
    expect(saved.fileName).toBe('inventory-refused-rows.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved.blob);
    });
    expect(text).toBe(
      [
        'row,reason,Token,Kind,Expires,Colour',
        '2,Expiration Date: Expiration date must be in the future,Beta,api_key,2020-01-01,blue',
        '3,Same name and type as row 1,Alpha,api_key,2031-02-02,green',
        '',
      ].join('\r\n'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('writes every count with thousands separators, as the rest of the dialog does', async () => {
    const user = userEvent.setup();
    const { requests } = serve();
    const lines = Array.from({ length: 1200 }, (_, index) => `T${index},api_key,2031-01-01,red`);
    const file = ['Token,Kind,Expires,Colour', ...lines, ''].join('\r\n');
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <ImportTokensButton workspaceId="ws-1" />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import tokens' });
    await user.upload(
      within(dialog).getByLabelText('Token file'),
      new File([file], 'many.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByText('many.csv: 1,200 rows')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      '1,200 to create, 0 to update, 0 unchanged, 0 not imported.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Import 1,200 rows' }));
    expect(await within(dialog).findByText(/^Import finished/)).toHaveTextContent(
      'Import finished: 1,200 created, 0 updated, 0 unchanged, 0 not imported.',
    );
    expect(within(dialog).getByText('Imported 1,200 of 1,200 rows')).toBeVisible();
    expect(importBodies(requests)).toHaveLength(4);
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  });

  it('on a phone, fills the screen with a card per column and per row, each outcome in view', async () => {
    const phone = jest
      .spyOn(window, 'matchMedia')
      .mockImplementation((query: string) => mediaQueryList(query, query.includes('max-width')));
    try {
      const user = userEvent.setup();
      serve();
      render(
        <QueryClientProvider client={createTestQueryClient()}>
          <ImportTokensButton workspaceId="ws-1" />
        </QueryClientProvider>,
      );
      await user.click(screen.getByRole('button', { name: 'Import' }));
      const dialog = await screen.findByRole('dialog', { name: 'Import tokens' });
      expect(dialog.className).toMatch(/MuiDialog-paperFullScreen/);
      await user.upload(
        within(dialog).getByLabelText('Token file'),
        new File([FILE], 'inventory.csv', { type: 'text/csv' }),
      );

      const mapping = await within(dialog).findByRole('list', { name: 'Column mapping' });
      expect(screen.queryByRole('table')).toBeNull();
      const tokenColumn = within(mapping).getByRole('heading', { name: 'Token' }).closest('li')!;
      expect(within(tokenColumn).getByText('Alpha')).toBeVisible();
      expect(
        within(tokenColumn).getByRole('combobox', { name: 'Field for Token' }),
      ).toHaveTextContent('Name');
      await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

      const rows = await within(dialog).findByRole('list', { name: 'Rows of the file' });
      const cards = within(rows).getAllByRole('listitem');
      expect(cards.map((card) => card.textContent)).toEqual([
        expect.stringMatching(/^AlphaWill createRow1TypeAPI Key$/),
        expect.stringMatching(
          /^BetaInvalidRow2TypeAPI KeyDetailsExpiration Date: Expiration date must be in the future$/,
        ),
        expect.stringMatching(/^AlphaDuplicateRow3TypeAPI KeyDetails.*row 1/),
      ]);
    } finally {
      phone.mockRestore();
    }
  });

  it('says why a file cannot be imported', async () => {
    const user = userEvent.setup();
    serve();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <ImportTokensButton workspaceId="ws-1" />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import tokens' });
    await user.upload(
      within(dialog).getByLabelText('Token file'),
      new File(['{"name": "x"}'], 'tokens.json', { type: 'application/json' }),
    );
    expect(
      await within(dialog).findByText('tokens.json must hold an array of token objects.'),
    ).toBeVisible();
  });

  it('refuses a file too large for one request before sending it', async () => {
    const user = userEvent.setup();
    const { requests } = serve();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <ImportTokensButton workspaceId="ws-1" />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import tokens' });
    const notes = 'n'.repeat(2_600_000);
    const text = `name,type,expiresAt,notes\r\nA,api_key,2031-01-01,${notes}\r\nB,api_key,2031-01-01,${notes}\r\n`;
    await user.upload(within(dialog).getByLabelText('Token file'), new File([text], 'big.csv'));
    await user.click(await within(dialog).findByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(TOO_LARGE)).toBeVisible();
    expect(importBodies(requests)).toEqual([]);
  });
});
