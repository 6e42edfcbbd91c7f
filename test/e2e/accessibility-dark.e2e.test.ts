/** Every page and dialog in dark mode (test/support/accessibility-suite.ts), and the mode switch. */
import { backgroundBrightness, waitForPageAtRest } from '../support/e2e-helpers';
import { blockingViolations } from '../support/accessibility';
import { describeAccessibilityIn, settle } from '../support/accessibility-suite';

describe('accessibility of every page and dialog in Chromium', () => {
  const shared = describeAccessibilityIn('dark');

  it('switches between dark and light with the colour-mode button and keeps the choice', async () => {
    const { app, browser } = shared();
    const context = await browser.newContext({ colorScheme: 'light' });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto(`${app.appUrl}/login`);
    await settle(page);
    expect(await backgroundBrightness(page)).toBeLessThan(200);

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    await waitForPageAtRest(page);
    expect(await backgroundBrightness(page)).toBeGreaterThan(600);
    expect(await blockingViolations(page)).toEqual([]);

    await page.reload();
    await settle(page);
    expect(await backgroundBrightness(page)).toBeGreaterThan(600);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    await waitForPageAtRest(page);
    expect(await backgroundBrightness(page)).toBeLessThan(200);
    await context.close();
  }, 30_000);
});
