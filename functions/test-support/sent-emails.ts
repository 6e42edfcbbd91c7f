/** Reads the mail the SES emulator received (its `GET /store`). */
export interface SentEmail {
  readonly messageId: string;
  readonly from: string;
  readonly destination: { readonly to: string[] };
  readonly subject: string;
  readonly body: { readonly html?: string; readonly text?: string };
  readonly at: number;
}

export async function emailsTo(address: string): Promise<SentEmail[]> {
  const viewer = process.env.SES_VIEWER_URL;
  if (!viewer) throw new Error('SES_VIEWER_URL is not set');
  const response = await fetch(`${viewer}store`);
  const { emails } = (await response.json()) as { emails: SentEmail[] };
  return emails.filter((email) =>
    email.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())),
  );
}

export async function latestEmailTo(address: string): Promise<SentEmail | undefined> {
  const emails = await emailsTo(address);
  return emails[emails.length - 1];
}

/** The `token` parameter of the link in an email's text. */
export function linkToken(email: SentEmail | undefined): string {
  const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(email?.body.text ?? '');
  if (!match?.[1]) throw new Error('No link token in the email');
  return match[1];
}
