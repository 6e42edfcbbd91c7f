/** Port: sends one email. The SES adapter implements it (adapters/ses-mailer.ts). */
export interface EmailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}
