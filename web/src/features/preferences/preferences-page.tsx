import { PageFrame } from '../../components/page-frame';

/** /preferences (spec §2). */
export function PreferencesPage() {
  return (
    <PageFrame
      title="Alert Preferences"
      description="How the selected workspace is alerted: email alerts, webhooks (Slack, Teams, Discord, PagerDuty or generic) and contact groups."
    />
  );
}
