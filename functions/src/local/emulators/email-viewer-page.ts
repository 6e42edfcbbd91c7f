import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where aws-ses-v2-local's viewer writes an email's HTML part into the message's frame. */
const FRAME_WRITE = 'iframeDoc.body.innerHTML = e.body.html;';

/**
 * After the write: every link of the message opens in a new tab. In the frame itself the app's
 * pages are refused (X-Frame-Options DENY), so a verification link clicked there spent its
 * token on a page nobody saw.
 */
const LINKS_IN_NEW_TAB = `${FRAME_WRITE}
                        for (const link of iframeDoc.querySelectorAll('a[href]')) {
                            link.target = '_blank';
                            link.rel = 'noopener noreferrer';
                        }`;

/**
 * The emulator's email viewer page with its links opening in new tabs. Read from the installed
 * package; a version whose page no longer has the expected line stops the start, rather than
 * serving a viewer whose links are spent inside the frame.
 */
export function emailViewerPage(): string {
  const packageJson = require.resolve('aws-ses-v2-local/package.json');
  const page = readFileSync(join(dirname(packageJson), 'static/index.html'), 'utf8');
  if (!page.includes(FRAME_WRITE)) {
    throw new Error(
      "aws-ses-v2-local's email viewer changed: its page no longer writes a message's HTML the way email-viewer-page.ts expects",
    );
  }
  return page.replace(FRAME_WRITE, LINKS_IN_NEW_TAB);
}
