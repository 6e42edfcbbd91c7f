/** The auth feature's public entry: Sign Out (the app shell's user menu). */
export { useSignOut } from './hooks/use-sign-out';
