import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { installFetchMock, jsonResponse } from '../../../../test-support/mock-fetch';
import { renderRoutes } from '../../../../test-support/render-app';
import { resetApiClientState } from '../../../lib/api-client';
import { resetToastHistory } from '../../../lib/toasts';
import { CALENDAR_MESSAGES } from '../api/calendar-feed';
import { CalendarFeedPanel } from './calendar-feed-panel';

const FEED = '/api/v1/workspaces/ws-1/calendar-feed';

function workspace(role: Workspace['role']): Workspace {
  return { id: 'ws-1', name: 'Main', plan: 'team', role, is_frozen: false };
}

function serve(canRotate: boolean) {
  let key = 'first-key';
  return installFetchMock({
    'GET /api/csrf-token': () => jsonResponse({ csrfToken: 'csrf' }),
    [`GET ${FEED}`]: () =>
      jsonResponse({ path: `/api/v1/workspaces/ws-1/calendar.ics?key=${key}`, canRotate }),
    [`POST ${FEED}/rotate`]: () => {
      key = 'second-key';
      return jsonResponse({ path: `/api/v1/workspaces/ws-1/calendar.ics?key=${key}`, canRotate });
    },
  });
}

function renderPanel(role: Workspace['role']) {
  renderRoutes([{ path: '/', element: <CalendarFeedPanel workspace={workspace(role)} /> }], '/');
}

/** user-event puts a clipboard of its own on the page; the test watches what is written to it. */
function setUpUser() {
  const user = userEvent.setup();
  const writeText = jest.spyOn(navigator.clipboard, 'writeText');
  return { user, writeText };
}

beforeEach(() => {
  resetApiClientState();
  resetToastHistory();
});
afterEach(() => toast.remove());

describe('CalendarFeedPanel', () => {
  it('copies the feed URL with a success toast, for a viewer too, who cannot rotate it', async () => {
    const { user, writeText } = setUpUser();
    serve(false);
    renderPanel('viewer');
    const subscribe = await screen.findByRole('button', { name: 'Subscribe in calendar' });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await user.click(subscribe);
    expect(writeText).toHaveBeenCalledWith(
      'http://app.expiry-radar.test/api/v1/workspaces/ws-1/calendar.ics?key=first-key',
    );
    expect(await screen.findByText(CALENDAR_MESSAGES.copied)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rotate calendar link' })).not.toBeInTheDocument();
  });

  it('says the link is personal and when it stops working', async () => {
    serve(false);
    renderPanel('viewer');
    const help = await screen.findByText(/^Subscribe in a calendar app to see each token’s expiry/);
    expect(help).toHaveTextContent(
      'The link is yours: anyone with it can read the calendar until you leave this workspace, lose access to it, or the link is replaced.',
    );
    expect(help).not.toHaveTextContent('Anyone with the link can read the calendar.');
  });

  it('rotates the link for an admin after confirming, and copies the new one', async () => {
    const { user, writeText } = setUpUser();
    const { requests } = serve(true);
    renderPanel('admin');
    await user.click(await screen.findByRole('button', { name: 'Rotate calendar link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the calendar link?' });
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Replace link' }));
    expect(await screen.findByText(CALENDAR_MESSAGES.rotated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((request) => request.path === `${FEED}/rotate`)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Subscribe in calendar' }));
    expect(writeText).toHaveBeenLastCalledWith(
      'http://app.expiry-radar.test/api/v1/workspaces/ws-1/calendar.ics?key=second-key',
    );
  });
});
