/**
 * The alert emails feature's public entry: stopping and resuming a workspace's alert emails to
 * an address from the signed link of an email (the /unsubscribe page).
 */
export { useAlertEmailSubscriptionMutation } from './api/unsubscribe-mutation';
