/** The first message anywhere under a react-hook-form error node (arrays and their `root`). */
export function firstErrorMessage(node: unknown): string | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const record = node as Record<string, unknown>;
  if (typeof record.message === 'string' && record.message !== '') return record.message;
  if (record.root) {
    const root = firstErrorMessage(record.root);
    if (root) return root;
  }
  for (const [key, value] of Object.entries(record)) {
    if (key === 'ref' || key === 'root' || key === 'type' || key === 'types') continue;
    const nested = firstErrorMessage(value);
    if (nested) return nested;
  }
  return undefined;
}

/** The message at this node itself or its `root` (an array-level problem), not its items'. */
export function ownErrorMessage(node: unknown): string | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const record = node as { message?: unknown; root?: { message?: unknown } };
  if (typeof record.message === 'string' && record.message !== '') return record.message;
  if (typeof record.root?.message === 'string') return record.root.message;
  return undefined;
}
