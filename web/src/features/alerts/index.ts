/**
 * The alerts feature's public entry: the notifications bell of the top bar and the alert queue
 * of the preferences page.
 */
export { AlertQueuePanel } from './components/alert-queue-panel';
export { NotificationsBell } from './components/notifications-bell';
