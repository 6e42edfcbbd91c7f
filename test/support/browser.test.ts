import { readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, launchChromium } from './browser';

/** Every `--disable-features` list on a command line, in order. */
function disabledFeatureLists(commandLine: readonly string[]): string[][] {
  return commandLine
    .filter((argument) => argument.startsWith('--disable-features='))
    .map((argument) => argument.slice('--disable-features='.length).split(','));
}

describe('the Chromium the browser tests launch', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('keeps every feature Playwright switches off switched off (Chromium reads the last list)', async () => {
    const server = await chromium.launchServer({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    });
    try {
      const commandLine = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
      const lists = disabledFeatureLists(commandLine);
      expect(lists.length).toBeGreaterThan(1);
      const effective = lists.at(-1)!;
      for (const list of lists.slice(0, -1)) {
        expect(effective).toEqual(expect.arrayContaining(list));
      }
    } finally {
      await server.close();
    }
  });

  it('opens a context and page without the address bar popup renderers', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent('<h1>Expiry Radar</h1>');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{}] });
    expect(targetInfos.map((target) => target.url)).not.toContainEqual(
      expect.stringContaining('omnibox-popup'),
    );
    expect(targetInfos.filter((target) => target.type === 'page')).toHaveLength(1);
    await context.close();
  });
});
