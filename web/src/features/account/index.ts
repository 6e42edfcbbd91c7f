/** The account feature's public entry: the account view of /dashboard?view=account. */
export { AccountView } from './account-view';
