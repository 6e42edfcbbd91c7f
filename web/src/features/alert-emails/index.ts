/**
 * The alert emails feature's public entry: stopping and resuming a workspace's alert emails to
 * an address from the signed link of an email (the /unsubscribe page); acting on an alert from its
 * signed action links (the /alert-action page), and a token's alert action in words.
 */
export { useAlertEmailSubscriptionMutation } from './api/unsubscribe-mutation';
export { alertActionText } from './alert-action-text';
