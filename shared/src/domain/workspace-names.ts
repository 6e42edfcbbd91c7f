/**
 * An owner's workspace names are unique without regard to case: "Client Acme" and "client  acme"
 * are one name. The key compares names in Unicode's composed form, lower-cased, with runs of
 * whitespace as one space and none at the ends.
 */
export function workspaceNameKey(name: string): string {
  return name.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Whether two workspace names are the same name for one owner. */
export function sameWorkspaceName(a: string, b: string): boolean {
  return workspaceNameKey(a) === workspaceNameKey(b);
}
