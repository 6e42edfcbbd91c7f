/** Reads the emails the local runtime "sent" from the SES emulator (aws-ses-v2-local's `/store`). */

export interface SesEmail {
  readonly messageId: string;
  readonly from: string;
  readonly destination: { readonly to: readonly string[] };
  readonly subject: string;
  readonly body: { readonly text?: string; readonly html?: string };
  /** Header lines the sender added. */
  readonly headers?: readonly { readonly name: string; readonly value: string }[];
  /** Seconds since the epoch. */
  readonly at: number;
}

export interface EmailMatch {
  /** The recipient's address, exactly. */
  readonly to: string;
  readonly subject: string | RegExp;
  /** Emails already seen (for example the first of two with the same subject) are skipped. */
  readonly exclude?: readonly SesEmail[];
}

/** Every email in the emulator's store, oldest first. */
export async function readInbox(sesUrl: string): Promise<SesEmail[]> {
  const response = await fetch(`${sesUrl.replace(/\/$/, '')}/store`);
  if (!response.ok) throw new Error(`The SES emulator answered ${response.status}`);
  const { emails } = (await response.json()) as { emails: SesEmail[] };
  return emails;
}

function matches(email: SesEmail, match: EmailMatch): boolean {
  const subjectMatches =
    typeof match.subject === 'string'
      ? email.subject === match.subject
      : match.subject.test(email.subject);
  return (
    email.destination.to.some((to) => to.toLowerCase() === match.to.toLowerCase()) &&
    subjectMatches &&
    !(match.exclude ?? []).some((seen) => seen.messageId === email.messageId)
  );
}

/** The newest email that matches, waiting for it to arrive (sending is asynchronous). */
export async function waitForEmail(
  sesUrl: string,
  match: EmailMatch,
  timeoutMs = 10_000,
): Promise<SesEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readInbox(sesUrl)).filter((email) => matches(email, match));
    const newest = found[found.length - 1];
    if (newest) return newest;
    if (Date.now() > deadline) {
      throw new Error(`No email to ${match.to} with subject ${String(match.subject)}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

function urlsIn(content: string): string[] {
  return [...content.matchAll(/https?:\/\/[^\s"'<>]+/g)].map(([url]) => url.replace(/&amp;/g, '&'));
}

/**
 * The link of an email that leads to `pathname`. The text and the HTML part must offer the same
 * link, and only one such link, so that a reader of either gets to the same page.
 */
export function linkInEmail(email: SesEmail, pathname: string): URL {
  const fromText = new Set(urlsIn(email.body.text ?? '').filter((url) => isAt(url, pathname)));
  const fromHtml = new Set(urlsIn(email.body.html ?? '').filter((url) => isAt(url, pathname)));
  const all = new Set([...fromText, ...fromHtml]);
  if (fromText.size !== 1 || fromHtml.size !== 1 || all.size !== 1) {
    throw new Error(
      `Expected one link to ${pathname} in both parts of "${email.subject}"; ` +
        `text: ${[...fromText].join(', ') || 'none'}; html: ${[...fromHtml].join(', ') || 'none'}`,
    );
  }
  return new URL([...all][0]!);
}

function isAt(url: string, pathname: string): boolean {
  try {
    return new URL(url).pathname === pathname;
  } catch {
    return false;
  }
}
