/** localStorage that never throws (private mode, disabled storage): reads give null, writes no-op. */
export const localStore = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // The value lasts for this visit only.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
};

/** Keys of everything the app keeps in localStorage. */
export const storageKeys = {
  lastWorkspace: 'expiry-radar:last-workspace',
  knownWorkspaces: 'expiry-radar:known-workspaces',
  pendingWelcome: 'expiry-radar:pending-welcome',
  plan: 'expiry-radar:plan',
  savedStyles: 'expiry-radar:saved-styles',
  /** Set while this browser's last session check found a signed-in, verified session. */
  signedIn: 'expiry-radar:signed-in',
} as const;
