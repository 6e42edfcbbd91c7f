import type { EmailMessage, Mailer } from '../domain/mailer';
import { getSesClient, loadSesV2 } from '../platform/aws-clients';
import { getConfig } from '../platform/config';

/** Sends through SES v2 (aws-ses-v2-local when running locally). */
export const sesMailer: Mailer = {
  async send(message: EmailMessage): Promise<void> {
    const { emailFrom, emailConfigurationSet } = getConfig();
    const { SendEmailCommand } = loadSesV2();
    await getSesClient().send(
      new SendEmailCommand({
        FromEmailAddress: emailFrom,
        ...(emailConfigurationSet ? { ConfigurationSetName: emailConfigurationSet } : {}),
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: message.text, Charset: 'UTF-8' },
              Html: { Data: message.html, Charset: 'UTF-8' },
            },
            ...(message.headers
              ? {
                  Headers: Object.entries(message.headers).map(([Name, Value]) => ({
                    Name,
                    Value,
                  })),
                }
              : {}),
          },
        },
      }),
    );
  },
};
