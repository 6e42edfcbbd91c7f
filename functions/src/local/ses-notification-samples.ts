/**
 * SES notifications as a configuration set's SNS event destination delivers them (the message
 * bodies of the SNS records, recorded from SES's event publishing), with the recipient's address
 * put in. `npm run email:bounce` and the email feedback tests send them through the same handler
 * as AWS does.
 */
import type { SNSEvent } from 'aws-lambda';

export function sesPermanentBounce(address: string): Record<string, unknown> {
  return {
    eventType: 'Bounce',
    bounce: {
      feedbackId: '0102017c5a1b2c3d-4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8-000000',
      bounceType: 'Permanent',
      bounceSubType: 'General',
      bouncedRecipients: [
        {
          emailAddress: address,
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: 'smtp; 550 5.1.1 user unknown',
        },
      ],
      timestamp: '2026-11-20T09:41:02.669Z',
      reportingMTA: 'dns; a8-70.smtp-out.amazonses.com',
    },
    mail: {
      timestamp: '2026-11-20T09:41:01.543Z',
      source: 'Expiry Radar <alerts@example.com>',
      sourceArn: 'arn:aws:ses:eu-west-1:123456789012:identity/example.com',
      sendingAccountId: '123456789012',
      messageId: '0102017c5a1b2a8f-6f2d7a3c-1b4e-4c3e-9a6b-7d8e9f0a1b2c-000000',
      destination: [address],
      headersTruncated: false,
      tags: {
        'ses:configuration-set': ['expiry-radar'],
        'ses:source-ip': ['192.0.2.10'],
        'ses:from-domain': ['example.com'],
        'ses:caller-identity': ['ExpiryRadarJobs-AlertWorkerRole'],
      },
    },
  };
}

export function sesTransientBounce(address: string): Record<string, unknown> {
  const permanent = sesPermanentBounce(address) as { bounce: Record<string, unknown> };
  return {
    ...permanent,
    bounce: {
      ...permanent.bounce,
      bounceType: 'Transient',
      bounceSubType: 'MailboxFull',
      bouncedRecipients: [
        {
          emailAddress: address,
          action: 'failed',
          status: '4.2.2',
          diagnosticCode: 'smtp; 452 4.2.2 mailbox full',
        },
      ],
    },
  };
}

export function sesComplaint(address: string): Record<string, unknown> {
  return {
    eventType: 'Complaint',
    complaint: {
      feedbackId: '0102017c5a1b2c3d-9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d-000000',
      complaintSubType: null,
      complainedRecipients: [{ emailAddress: address }],
      timestamp: '2026-11-20T10:02:11.000Z',
      userAgent: 'Amazon SES Mailbox Simulator',
      complaintFeedbackType: 'abuse',
      arrivalDate: '2026-11-20T10:02:10.000Z',
    },
    mail: (sesPermanentBounce(address) as { mail: unknown }).mail,
  };
}

/** An SNS event carrying the notifications, as Lambda receives it from the topic. */
export function snsEventOf(
  notifications: readonly Record<string, unknown>[],
  topicArn = 'arn:aws:sns:eu-west-1:123456789012:ExpiryRadarEmail-FeedbackTopic',
): SNSEvent {
  return {
    Records: notifications.map((notification, index) => ({
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn: `${topicArn}:8a2f6c1e-1d3b-4c5a-9e8f-7a6b5c4d3e2f`,
      Sns: {
        Type: 'Notification',
        MessageId: `95df01b4-ee98-5cb9-9903-4c221d41eb5e-${index}`,
        TopicArn: topicArn,
        Subject: null as unknown as string,
        Message: JSON.stringify(notification),
        Timestamp: '2026-11-20T09:41:03.000Z',
        SignatureVersion: '1',
        Signature: 'EXAMPLE',
        SigningCertUrl: 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService.pem',
        UnsubscribeUrl: `https://sns.eu-west-1.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=${topicArn}`,
        MessageAttributes: {},
      },
    })),
  };
}
