/** The measure every page's frame is checked with (test/support/page-frame.ts), on pages made for it. */
import type { Browser, Page } from 'playwright-core';
import { measureFrame } from '../support/page-frame';
import { connectToSharedChromium } from '../support/shared-app';

describe('measureFrame in Chromium', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await connectToSharedChromium();
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  const show = (body: string) =>
    page.setContent(`<title>Frame</title><body style="margin:0">${body}</body>`);

  it('finds nothing on a page that fits', async () => {
    await show('<main><button>Save</button><a href="/x">Read more</a></main>');
    expect(await measureFrame(page)).toEqual({
      sidewaysScroll: 0,
      clippedControls: [],
      title: 'Frame',
    });
  });

  it('measures how far the page reaches past the window, and the controls beyond it', async () => {
    await show('<div style="width:500px"><button style="margin-left:420px">Delete</button></div>');
    expect(await measureFrame(page)).toMatchObject({
      sidewaysScroll: 110,
      clippedControls: ['button "Delete"'],
    });
  });

  it('finds a control scrolled out of a box that scrolls sideways, like a table too wide', async () => {
    await show(`
      <div style="width:200px; overflow-x:auto">
        <div style="width:600px; display:flex; justify-content:space-between">
          <button>Renew</button><button aria-label="Delete token">×</button>
        </div>
      </div>`);
    expect(await measureFrame(page)).toMatchObject({
      sidewaysScroll: 0,
      clippedControls: ['button "Delete token"'],
    });
  });

  it('ignores what nobody sees: invisible inputs, hidden subtrees, controls cut only vertically', async () => {
    await show(`
      <span style="position:relative; display:inline-block; width:40px; overflow:hidden">
        <input type="checkbox" style="opacity:0; position:absolute; left:-100%; width:300%">
      </span>
      <div aria-hidden="true" style="width:100px; overflow:hidden"><button style="margin-left:200px">Hidden</button></div>
      <div style="height:20px; overflow-y:auto"><div style="height:200px"><button>Below</button></div></div>`);
    expect(await measureFrame(page)).toMatchObject({ sidewaysScroll: 0, clippedControls: [] });
  });
});
