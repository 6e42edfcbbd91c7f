import type { FieldErrors, Resolver } from 'react-hook-form';
import type { AlertSettingsFormValues, AlertSettingsSubmit } from './alert-settings-form-model';
import { alertSettingsFormSchema } from './alert-settings-form-model';

const LISTS = new Set(['webhook_urls', 'contact_groups']);

/**
 * Where a problem is shown. One about a whole list or list item (duplicate names, an empty contact
 * group) goes under `root`, so it sits beside the items' own field problems instead of replacing
 * them.
 */
export function errorPathFor(path: readonly string[]): string[] {
  const [list, index] = path;
  const wholeItem = path.length === 2 && index !== undefined && /^\d+$/.test(index);
  if (list !== undefined && LISTS.has(list) && (path.length === 1 || wholeItem)) {
    return [...path, 'root'];
  }
  return [...path];
}

function setIfAbsent(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const [position, key] of path.entries()) {
    if (position === path.length - 1) {
      if (node[key] === undefined) node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = {};
    else if (typeof (next as { message?: unknown }).message === 'string') return;
    node = node[key] as Record<string, unknown>;
  }
}

/** Adds one problem to `errors` at `path` (dotted, as the server's details give it). */
export function addError(errors: Record<string, unknown>, path: string, message: string): void {
  setIfAbsent(errors, errorPathFor(path === '' ? [] : path.split('.')), {
    type: 'validate',
    message,
  });
}

/** The form values validated with the shared body schema, every problem kept at its field. */
export const alertSettingsResolver: Resolver<
  AlertSettingsFormValues,
  unknown,
  AlertSettingsSubmit
> = async (values) => {
  const result = await alertSettingsFormSchema.safeParseAsync(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    addError(errors, issue.path.map(String).join('.'), issue.message);
  }
  return { values: {}, errors: errors as FieldErrors<AlertSettingsFormValues> };
};
