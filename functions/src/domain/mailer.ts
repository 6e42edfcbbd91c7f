/** Port: sends one email. The SES adapter implements it (adapters/ses-mailer.ts). */
export interface EmailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Extra header lines (alert emails: List-Unsubscribe and List-Unsubscribe-Post). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}
