import {
  DEFAULT_ALERT_THRESHOLDS,
  MAX_ESCALATION_DELAY_HOURS,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_KINDS,
} from '@expiry-radar/shared/domain/alerts';
import {
  WEEKLY_SUMMARY_HORIZON_DAYS,
  WEEKLY_SUMMARY_LOCAL_TIME,
} from '@expiry-radar/shared/api/weekly-summary-api-schemas';
import { ALERTS_DISABLED_NOTICE } from '@expiry-radar/shared/messages/notices';
import { DEFAULT_RENEWAL_GRACE_DAYS } from '@expiry-radar/shared/domain/token-alert-fields';
import { Bullets, Code, DocsArticle, DocsSection, P } from './components/docs-article';

/** /docs/alerts. */
export function DocsAlertsPage() {
  return (
    <DocsArticle
      title="Alerts"
      lead="Expiry Radar checks expiry dates continuously and sends an alert when a token enters an alert window, by email and to webhooks."
    >
      <DocsSection title="When alerts go out">
        <P>
          By default at {DEFAULT_ALERT_THRESHOLDS.join(', ')} days before expiry (0 is the expiry
          day). Admins and workspace managers can change the thresholds per workspace and per
          contact group. Each window sends once per token and expiry date; after a renewal the
          windows start over for the new date. A window missed during an outage is sent late, once.
        </P>
        <P>
          Quiet hours: in Preferences a workspace can limit alerts to a delivery window, for example
          weekdays 08:00–18:00 in Europe/Zurich. Alerts that come due outside it wait and go out
          when it opens; expiry-day and expired alerts go out at once unless you turn that off.
        </P>
        <P>
          Escalation: a contact group can name another group to escalate to and a delay in hours (1
          to {MAX_ESCALATION_DELAY_HOURS}). When one of its tokens is still not renewed that long
          after its last alert window opened, the escalation group gets it once, marked “Escalated”
          in its email and with <Code>escalation: true</Code> in generic webhook payloads. Renewing
          the token before then cancels it.
        </P>
        <P>
          A token can have more contact groups besides its own (“Also alert” in the token form, Pro
          and above): each gets the token&apos;s alerts at its own thresholds, or the
          workspace&apos;s when it has none.
        </P>
        <P>
          Tokens that renew themselves (“Renews automatically”: on by default for a certificate
          whose endpoints are monitored and for ACM-issued certificates) get no alert while they
          keep renewing. If one is not renewed by its grace point ({DEFAULT_RENEWAL_GRACE_DAYS} days
          before expiry unless the workspace or the token says otherwise), it gets one “Renewal
          overdue” alert (<Code>renewal_overdue: true</Code> in generic webhook payloads), then the
          usual thresholds below that point.
        </P>
        <P>
          A workspace with no email alerts and no webhook shows the notice “{ALERTS_DISABLED_NOTICE}
          ”.
        </P>
      </DocsSection>
      <DocsSection title="Channels">
        <Bullets
          items={[
            'Email: to the workspace’s contacts, or to a token’s contact group (Pro and above).',
            `Webhooks: ${WEBHOOK_KINDS.map((kind) => WEBHOOK_KIND_LABELS[kind]).join(', ')}. Use “Test” in Preferences to send a test message.`,
          ]}
        />
        <P>
          Email comes as one digest per address and scan: every token due for you, across your
          workspaces, grouped by workspace with the most urgent first, each with its identifying
          fields, expiry date and days left, a button that opens its details, its renewal link when
          set, and why you get it (a contact group, or the workspace owner when none applies).
          Webhooks get one message per token. Each email has a link to stop that workspace&apos;s
          alert emails to your address (mail clients also offer it as one-click unsubscribe); the
          page it opens can resume them.
        </P>
        <P>
          Generic webhooks are signed. Each request carries <Code>X-Expiry-Radar-Timestamp</Code>{' '}
          (Unix seconds) and <Code>X-Expiry-Radar-Signature: v1=&lt;hex&gt;</Code>, the HMAC-SHA256
          of <Code>timestamp + &quot;.&quot; + raw body</Code> keyed with the workspace&apos;s
          signing secret (shown to admins and workspace managers in Preferences, where it can also
          be rotated). Recompute it over the raw body, compare in constant time and reject
          timestamps more than 5 minutes old to make sure a call came from Expiry Radar. Webhook
          addresses must be public https URLs; redirects are not followed.
        </P>
        <P>
          PagerDuty alerts use Events v2 with a stable dedup key, so repeats do not open new
          incidents.
        </P>
      </DocsSection>
      <DocsSection title="Acting on an alert">
        <P>
          Every alert about an expiry offers three actions: Acknowledge (no more alerts for this
          expiry, for everyone), Snooze (1 day, 7 days or until a date, never past the expiry) and
          Renewed (the new expiry date; for a certificate whose endpoints are monitored, the
          endpoints are checked at once instead). A new expiry, however it is set, starts the alerts
          again for the new date.
        </P>
        <P>
          In an email each token has them as links; in Microsoft Teams they are buttons of the card;
          generic webhooks get them as <Code>action_urls</Code> (<Code>acknowledge</Code>,{' '}
          <Code>snooze_1d</Code>, <Code>snooze_7d</Code>, <Code>snooze</Code>, <Code>renewed</Code>)
          and PagerDuty as links of the event. Each link is signed for its recipient, works once,
          for 14 days, and opens a page that needs no sign-in: it says what the link does and acts
          only when you press its button, so a mail scanner that follows links changes nothing. A
          link acts with its recipient&apos;s rights when it is used: a member needs a role that may
          take the action in the app (viewers are read-only, and someone who is no longer a member
          is refused), and an address without an account works only while it is still in one of the
          token&apos;s contact groups. Every action is in the audit log with the address that took
          it. Editors can also acknowledge or snooze a token from its details, where its current
          action shows.
        </P>
        <P>
          PagerDuty can also answer back: acknowledging the incident there acknowledges the alert
          here; resolving it has a monitored certificate’s endpoints checked at once, and
          acknowledges anything else (PagerDuty gives no new date, so enter the renewal here). To
          set it up, an editor opens Preferences, “PagerDuty acknowledge and resolve”, gives its URL
          to a Generic Webhook (v3) subscription of the PagerDuty service (events{' '}
          <Code>incident.acknowledged</Code> and <Code>incident.resolved</Code>) and pastes the
          signing secret PagerDuty shows. Events without that signature are refused.
        </P>
      </DocsSection>
      <DocsSection title="Weekly summary">
        <P>
          In Account settings you can ask for a weekly summary: an email on Monday at{' '}
          {WEEKLY_SUMMARY_LOCAL_TIME} in your time zone with what expires in the next{' '}
          {WEEKLY_SUMMARY_HORIZON_DAYS} days across your workspaces (and what expired in the last
          week without a renewal), and what was renewed last week. Its link stops it without
          touching your alert emails.
        </P>
      </DocsSection>
      <DocsSection title="Failed deliveries">
        <P>
          Each channel and recipient is tracked on its own, and failures are retried with backoff.
          When retries run out the alert is marked failed in the alert queue with the last error;
          nothing is dropped silently. From there you can retry one channel, or requeue every failed
          alert of the workspace. The bell in the top bar shows the latest alerts of the selected
          workspace.
        </P>
      </DocsSection>
    </DocsArticle>
  );
}
