/**
 * What every page must be at every width, measured in Chromium: no wider than the window, no
 * control cut off at the side (by the window or by a box that hides or scrolls its overflow), a
 * title of its own, and "Skip to content" first in the tab order, moving the focus to the content.
 */
import type { Page } from 'playwright-core';

export interface PageFrame {
  /** How far the document reaches past the window's right edge, in pixels (0 when it fits). */
  readonly sidewaysScroll: number;
  /** The controls cut off at the left or right, each as `tag "label"`. */
  readonly clippedControls: string[];
  readonly title: string;
}

/** Sideways scroll and clipped controls, as the page shows now. */
export async function measureFrame(page: Page): Promise<PageFrame> {
  const measured = await page.evaluate(() => {
    const CONTROLS = 'a[href], button, input, select, textarea, [role="button"], [tabindex="0"]';
    // Half a pixel either way: sub-pixel layout rounds borders.
    const TOLERANCE = 0.5;
    const clipsSideways = (element: Element) =>
      ['hidden', 'auto', 'scroll', 'clip'].includes(getComputedStyle(element).overflowX);
    const shown = (element: HTMLElement) => {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      return (
        rect.width > 0 &&
        rect.height > 0 &&
        style.visibility === 'visible' &&
        // MUI's switches and checkboxes lay an invisible native input over their icon.
        style.opacity !== '0' &&
        !element.closest('[aria-hidden="true"]')
      );
    };
    const label = (element: HTMLElement) =>
      `${element.tagName.toLowerCase()} "${(
        element.getAttribute('aria-label') ??
        element.textContent ??
        ''
      )
        .trim()
        .slice(0, 40)}"`;

    const clipped: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(CONTROLS)) {
      if (!shown(element)) continue;
      const rect = element.getBoundingClientRect();
      let left = 0;
      let right = window.innerWidth;
      for (let box = element.parentElement; box; box = box.parentElement) {
        if (box === document.body || box === document.documentElement) break;
        if (!clipsSideways(box)) continue;
        const bounds = box.getBoundingClientRect();
        left = Math.max(left, bounds.left);
        right = Math.min(right, bounds.right);
      }
      if (rect.left < left - TOLERANCE || rect.right > right + TOLERANCE) {
        clipped.push(label(element));
      }
    }
    return {
      sidewaysScroll: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
      clippedControls: clipped,
    };
  });
  return { ...measured, title: await page.title() };
}

/**
 * The first element of the tab order, and where the focus is after pressing Enter on
 * "Skip to content". Moves the focus: measure the frame first.
 */
export async function skipLinkBehaviour(
  page: Page,
): Promise<{ firstFocusable: string; focusAfterSkip: string }> {
  const firstFocusable = await page.evaluate(() => {
    const candidates = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex]',
    );
    const first = [...candidates].find(
      (element) =>
        element.tabIndex >= 0 &&
        !element.matches(':disabled') &&
        element.getClientRects().length > 0,
    );
    return first?.textContent ?? '';
  });
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await page.keyboard.press('Enter');
  const focusAfterSkip = await page.evaluate(() => document.activeElement?.id ?? '');
  return { firstFocusable, focusAfterSkip };
}
