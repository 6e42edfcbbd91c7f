/** How a trusted certificate authority reads on the workspaces page. */

/** Bytes of a fingerprint kept at each end when it is shortened. */
const KEPT_BYTES = 4;

/** `AB:CD:…` of 32 bytes -> `AB:CD:EF:01…89:AB:CD:EF`; a short one as it is. */
export function shortFingerprint(fingerprint: string): string {
  const bytes = fingerprint.split(':');
  if (bytes.length <= KEPT_BYTES * 2) return fingerprint;
  return `${bytes.slice(0, KEPT_BYTES).join(':')}…${bytes.slice(-KEPT_BYTES).join(':')}`;
}
