import { givenRegisteredUser } from '../../test-support/account-fixtures';
import { mutationEvent, uniqueEmail } from '../../test-support/auth-requests';
import { invoke } from '../../test-support/api-gateway-event';
import { emailsTo } from '../../test-support/sent-emails';
import {
  findEmailSuppression,
  findEmailSuppressions,
  removeEmailSuppression,
} from '../data/email-suppressions';
import { handler as requestReset } from '../http/auth/request-password-reset';
import { lambdaContext } from '../local/lambda-http-adapter';
import {
  sesComplaint,
  sesPermanentBounce,
  sesTransientBounce,
  snsEventOf,
} from '../local/ses-notification-samples';
import { handleEmailFeedback, handler } from './email-feedback';

describe('email feedback job (SES bounces and complaints through SNS)', () => {
  it('puts a permanently bouncing address on the suppression list from a recorded SES bounce', async () => {
    const address = uniqueEmail('bounce').toLowerCase();
    const result = (await handler(
      snsEventOf([sesPermanentBounce(address.toUpperCase())]),
      lambdaContext('email-feedback', 'bounce'),
    )) as unknown;
    expect(result).toEqual({ suppressed: 1, ignored: 0, malformed: 0 });
    expect(await findEmailSuppression(address)).toEqual({
      address,
      reason: 'bounce',
      detail: 'smtp; 550 5.1.1 user unknown',
      reportedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    });
  });

  it('records complaints, leaves transient bounces alone and drops what is no notification', async () => {
    const complained = uniqueEmail('complaint').toLowerCase();
    const full = uniqueEmail('mailbox-full');
    const event = snsEventOf([sesComplaint(complained), sesTransientBounce(full)]);
    event.Records.push({
      ...event.Records[0]!,
      Sns: { ...event.Records[0]!.Sns, Message: 'not json' },
    });
    expect(await handleEmailFeedback(event)).toEqual({ suppressed: 1, ignored: 1, malformed: 1 });
    const found = await findEmailSuppressions([complained, full]);
    expect([...found.keys()]).toEqual([complained]);
    expect(found.get(complained)).toMatchObject({ reason: 'complaint', detail: 'abuse' });
  });

  it('stops account emails to a suppressed address until it is removed from the list', async () => {
    const { email } = await givenRegisteredUser('reset-bounced');
    await handleEmailFeedback(snsEventOf([sesPermanentBounce(email)]));
    const request = () =>
      invoke(
        requestReset,
        mutationEvent({ method: 'POST', path: '/auth/reset-password/request', body: { email } }),
      );
    const before = (await emailsTo(email)).length;
    const answered = await request();
    // The answer is the same as for any address: it tells nothing of the list.
    expect(answered.json).toEqual({ ok: true });
    expect(await emailsTo(email)).toHaveLength(before);

    expect(await removeEmailSuppression(email)).toBe(true);
    expect(await removeEmailSuppression(email)).toBe(false);
  });
});
