import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { UnsavedChangesGuard, useDiscardConfirmation } from './unsaved-changes';

function Editor() {
  const [dirty, setDirty] = useState(false);
  const [open, setOpen] = useState(true);
  const { requestDiscard, confirmation } = useDiscardConfirmation(dirty, () => {
    setOpen(false);
    setDirty(false);
  });
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        Change
      </button>
      {open ? (
        <button type="button" onClick={requestDiscard}>
          Close editor
        </button>
      ) : (
        <p>Editor closed</p>
      )}
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/edit?tab=2">Other tab</Link>
      <UnsavedChangesGuard when={dirty} />
      {confirmation}
    </>
  );
}

function renderEditor() {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <Editor /> },
      { path: '/elsewhere', element: <p>Elsewhere page</p> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

/** Answers the "Discard changes?" question, once it has closed. */
async function answer(user: ReturnType<typeof userEvent.setup>, name: 'Keep editing' | 'Discard') {
  const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
  await user.click(within(ask).getByRole('button', { name }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('unsaved changes', () => {
  it('leave at once while nothing changed', async () => {
    const router = renderEditor();
    expect(unload()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Elsewhere page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('ask "Discard changes?" before another page or query, going only on Discard', async () => {
    const router = renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change' }));

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(router.state.location.pathname).toBe('/edit');
    await answer(user, 'Keep editing');
    expect(router.state.location.pathname).toBe('/edit');

    await user.click(screen.getByRole('link', { name: 'Other tab' }));
    await answer(user, 'Keep editing');
    expect(router.state.location.search).toBe('');

    await act(() => router.navigate('/elsewhere'));
    await answer(user, 'Discard');
    expect(await screen.findByText('Elsewhere page')).toBeVisible();
  });

  it("let the app replace the page's own query (the selected workspace written back) without asking", async () => {
    const router = renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change' }));

    await act(() => router.navigate('/edit?workspace=w1', { replace: true }));
    expect(router.state.location.search).toBe('?workspace=w1');
    expect(screen.queryByRole('dialog')).toBeNull();

    // Another page, even by replacement, still asks.
    await act(() => router.navigate('/elsewhere', { replace: true }));
    await answer(user, 'Keep editing');
    expect(router.state.location.pathname).toBe('/edit');
  });

  it('have the browser ask before the tab closes or reloads', async () => {
    renderEditor();
    expect(unload()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(unload()).toBe(true);
  });

  it('make closing an edit ask first, and close it only on Discard', async () => {
    renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.click(screen.getByRole('button', { name: 'Close editor' }));
    await answer(user, 'Keep editing');
    expect(screen.getByRole('button', { name: 'Close editor' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close editor' }));
    await answer(user, 'Discard');
    expect(await screen.findByText('Editor closed')).toBeVisible();
  });
});
