/**
 * The action links an alert carries (acknowledge, snooze 1 day, snooze 7 days, snooze until a
 * date, renewed): each a signed link to its confirmation page, bound to the recipient (an
 * address, or a webhook by its name), the token and the expiry the alert is about. A link
 * scanner's GET changes nothing: the page asks, its button acts. Endpoint problems carry none
 * (they are not about an expiry).
 */
import { getAlertLinkKeys } from '../../adapters/alert-link-key';
import type { AlertActionLinkView, AlertNotice } from '../../domain/alert-channels';
import {
  newLinkClaims,
  signAlertActionLink,
  type AlertActionLinkClaims,
} from '../../domain/alert-action-link';

/** The confirmation page of an action link. */
export function alertActionPageUrl(appOrigin: string, token: string): string {
  return `${appOrigin}/alert-action?${new URLSearchParams({ token }).toString()}`;
}

const LINKS: readonly {
  readonly id: string;
  readonly label: string;
  readonly action: AlertActionLinkClaims['action'];
  readonly snoozeDays: number | null;
}[] = [
  { id: 'acknowledge', label: 'Acknowledge', action: 'acknowledge', snoozeDays: null },
  { id: 'snooze_1d', label: 'Snooze 1 day', action: 'snooze', snoozeDays: 1 },
  { id: 'snooze_7d', label: 'Snooze 7 days', action: 'snooze', snoozeDays: 7 },
  { id: 'snooze', label: 'Snooze until a date', action: 'snooze', snoozeDays: null },
  { id: 'renewed', label: 'Renewed', action: 'renewed', snoozeDays: null },
];

/** Signs an action link's claims with the current alert link key. */
export async function signAlertAction(claims: AlertActionLinkClaims): Promise<string> {
  const [key] = await getAlertLinkKeys();
  if (!key) throw new Error('No alert link key');
  return signAlertActionLink(claims, key);
}

/**
 * The actions of an alert for one recipient, as signed links; none for an endpoint problem or a
 * certificate seen in certificate transparency logs (no token's expiry to act on).
 */
export async function alertActionLinks(
  notice: Pick<
    AlertNotice,
    'workspaceId' | 'tokenId' | 'expiresAt' | 'endpointProblem' | 'certificateSeen'
  >,
  recipient: string,
  ports: {
    readonly appOrigin: string;
    signAlertAction(claims: AlertActionLinkClaims): Promise<string>;
  },
  now: Date,
): Promise<AlertActionLinkView[]> {
  if (notice.endpointProblem || notice.certificateSeen) return [];
  return Promise.all(
    LINKS.map(async ({ id, label, action, snoozeDays }) => {
      const claims = newLinkClaims(
        {
          recipient,
          workspaceId: notice.workspaceId,
          tokenId: notice.tokenId,
          expiresAt: notice.expiresAt,
          action,
          snoozeDays,
        },
        now,
      );
      return {
        id,
        label,
        url: alertActionPageUrl(ports.appOrigin, await ports.signAlertAction(claims)),
      };
    }),
  );
}
