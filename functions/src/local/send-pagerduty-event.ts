/**
 * `npm run pagerduty:event -- <acknowledged|resolved> <webhook URL> <incident key>`: posts what
 * PagerDuty's V3 webhook subscription would post when the incident of an Expiry Radar alert is
 * acknowledged or resolved there: the documented event body, signed (`X-PagerDuty-Signature`)
 * with the secret in PAGERDUTY_WEBHOOK_SECRET (the one stored for the PagerDuty webhook under
 * Preferences). The URL is the one Preferences shows for PagerDuty; the incident key is the
 * alert's id, the `dedup_key` of its PagerDuty event (`<token id>~<expiry>~<days>`). Prints the
 * answer: 202 with what was done, or why nothing was.
 */
import {
  pagerDutyIncidentEvent,
  pagerDutySignature,
  PAGERDUTY_SIGNATURE_HEADER,
} from '../domain/pagerduty-webhook';

const USAGE =
  'Usage: PAGERDUTY_WEBHOOK_SECRET=<secret> npm run pagerduty:event -- <acknowledged|resolved> <webhook URL> <incident key>';

export async function sendPagerDutyEvent(options: {
  readonly url: string;
  readonly secret: string;
  readonly eventType: 'incident.acknowledged' | 'incident.resolved';
  readonly incidentKey: string;
}): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(
    pagerDutyIncidentEvent({ eventType: options.eventType, incidentKey: options.incidentKey }),
  );
  const response = await fetch(options.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'PagerDuty-Webhook/V3.0',
      [PAGERDUTY_SIGNATURE_HEADER]: pagerDutySignature(options.secret, body),
    },
    body,
  });
  return { status: response.status, body: await response.text() };
}

async function main(): Promise<void> {
  const [action, url, incidentKey] = process.argv.slice(2);
  const secret = process.env.PAGERDUTY_WEBHOOK_SECRET ?? '';
  if ((action !== 'acknowledged' && action !== 'resolved') || !url || !incidentKey || !secret) {
    throw new Error(USAGE);
  }
  const answer = await sendPagerDutyEvent({
    url,
    secret,
    eventType: `incident.${action}`,
    incidentKey,
  });
  console.log(`${answer.status} ${answer.body}`);
  if (answer.status >= 400) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
