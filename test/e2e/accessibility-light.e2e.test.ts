/** Every page and dialog in light mode (test/support/accessibility-suite.ts). */
import { describeAccessibilityIn } from '../support/accessibility-suite';

describe('accessibility of every page and dialog in Chromium', () => {
  describeAccessibilityIn('light');
});
