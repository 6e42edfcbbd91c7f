/**
 * The action links an alert carries (acknowledge, snooze 1 day, snooze 7 days, snooze until a
 * date, renewed): each a signed link to its confirmation page, bound to the recipient (an
 * address, or a webhook by its name), the token and the expiry the alert is about. A link
 * scanner's GET changes nothing: the page asks, its button acts. Endpoint problems carry none
 * (they are not about an expiry). An email carries only the links its recipient may use now (the
 * rule the links are checked with when used: domain/alert-link-rights.ts), and says why of the
 * others (`offeredAlertActions`).
 */
import { getAlertLinkKeys } from '../../adapters/alert-link-key';
import type { AlertActionLinkView, AlertNotice } from '../../domain/alert-channels';
import {
  newLinkClaims,
  signAlertActionLink,
  type AlertActionLinkClaims,
} from '../../domain/alert-action-link';
import {
  ALERT_EMAIL_NO_ACTIONS,
  linkRightsRefusal,
  type LinkRecipient,
  type LinkRightsRefusal,
} from '../../domain/alert-link-rights';

/** The confirmation page of an action link. */
export function alertActionPageUrl(appOrigin: string, token: string): string {
  return `${appOrigin}/alert-action?${new URLSearchParams({ token }).toString()}`;
}

interface ActionLink {
  readonly id: string;
  readonly label: string;
  readonly action: AlertActionLinkClaims['action'];
  readonly snoozeDays: number | null;
}

const LINKS: readonly ActionLink[] = [
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

type LinkNotice = Pick<
  AlertNotice,
  'workspaceId' | 'tokenId' | 'expiresAt' | 'endpointProblem' | 'certificateSeen'
>;

interface LinkPorts {
  readonly appOrigin: string;
  signAlertAction(claims: AlertActionLinkClaims): Promise<string>;
}

/** Whether the alert is about a token's expiry, which its actions act on. */
const hasActions = (notice: LinkNotice) => !notice.endpointProblem && !notice.certificateSeen;

/**
 * The actions of an alert for one recipient, as signed links; none for an endpoint problem or a
 * certificate seen in certificate transparency logs (no token's expiry to act on).
 */
export async function alertActionLinks(
  notice: LinkNotice,
  recipient: string,
  ports: LinkPorts,
  now: Date,
): Promise<AlertActionLinkView[]> {
  return hasActions(notice) ? signedLinks(LINKS, notice, recipient, ports, now) : [];
}

/**
 * The actions of an alert for an email's address, as the recipient is now (`recipient`): the links
 * of the actions they may take, and, when some are left out because using them would be refused,
 * one line that says why (null when none is): for a recipient who may take none, the reason worded
 * for the email (ALERT_EMAIL_NO_ACTIONS), else the refusal a left-out link would meet.
 */
export async function offeredAlertActions(
  notice: LinkNotice,
  address: string,
  recipient: LinkRecipient,
  ports: LinkPorts,
  now: Date,
): Promise<{ actions: AlertActionLinkView[]; withheld: string | null }> {
  if (!hasActions(notice)) return { actions: [], withheld: null };
  const offered: ActionLink[] = [];
  let refusal: LinkRightsRefusal | null = null;
  for (const link of LINKS) {
    const refused = linkRightsRefusal(recipient, link.action);
    if (refused) refusal ??= refused;
    else offered.push(link);
  }
  const actions = await signedLinks(offered, notice, address, ports, now);
  if (!refusal) return { actions, withheld: null };
  return {
    actions,
    withheld: actions.length === 0 ? ALERT_EMAIL_NO_ACTIONS[refusal.reason] : refusal.message,
  };
}

function signedLinks(
  links: readonly ActionLink[],
  notice: LinkNotice,
  recipient: string,
  ports: LinkPorts,
  now: Date,
): Promise<AlertActionLinkView[]> {
  return Promise.all(
    links.map(async ({ id, label, action, snoozeDays }) => {
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
