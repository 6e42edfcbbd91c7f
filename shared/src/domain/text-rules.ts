/**
 * What any text sent to the API must be, whatever the field: well-formed Unicode (no lone UTF-16
 * surrogate, which no keyboard types and which breaks every later read of the item), normalised to
 * NFC (so "é" typed two ways is one name), and free of control characters. Line breaks and tabs
 * are kept only in the fields marked multi-line (notes, descriptions, pasted certificates, import
 * files); secrets (passwords, integration tokens) are checked but not normalised, since changing
 * one byte of a secret changes the secret.
 *
 * The HTTP stack checks every request's body, query and path parameters with `checkTextInput`
 * before the route's schema, so no route can forget it; imports check each row the same way.
 */
import * as z from 'zod';

export type TextKind = 'singleLine' | 'multiLine' | 'secret';

const textKinds = z.registry<{ textKind: TextKind }>();

/** Marks a string schema whose text may hold line breaks and tabs. */
export function multiLineText<T extends z.ZodType>(schema: T): T {
  textKinds.add(schema, { textKind: 'multiLine' });
  return schema;
}

/** Marks a string schema holding a secret: checked, never normalised. */
export function secretText<T extends z.ZodType>(schema: T): T {
  textKinds.add(schema, { textKind: 'secret' });
  return schema;
}

export const TEXT_MESSAGES = {
  malformed: (field: string) =>
    `${field} is not valid text: it holds a broken character (a lone UTF-16 surrogate)`,
  controlCharacter: (field: string) =>
    `${field} must not contain control characters (such as NUL, escape or backspace)`,
  lineBreak: (field: string) => `${field} must be on one line: no line breaks, tabs or NUL`,
} as const;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** C0 and C1 control characters and DEL, except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** What is wrong with a text of the kind, in words naming `field`; null when nothing is. */
export function textProblem(text: string, kind: TextKind, field: string): string | null {
  if (hasLoneSurrogate(text)) return TEXT_MESSAGES.malformed(field);
  if (kind !== 'multiLine' && (LINE_BREAK_OR_TAB.test(text) || text.includes('\u0000'))) {
    return TEXT_MESSAGES.lineBreak(field);
  }
  if (CONTROL_CHARACTER.test(text)) return TEXT_MESSAGES.controlCharacter(field);
  return null;
}

export interface TextIssue {
  /** Dotted path of the value: `notes`, `settings.namespace`, `emails.2`. */
  readonly path: string;
  readonly message: string;
}

export type TextInputResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: readonly TextIssue[] };

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** The schemas a value at this place may be read by, under optional, default, pipe, union... */
function alternatives(schema: z.ZodType | undefined, seen = new Set<z.ZodType>()): z.ZodType[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return [schema, ...alternatives(def.innerType as z.ZodType, seen)];
    case 'pipe':
      return [schema, ...alternatives(def.in as z.ZodType, seen)];
    case 'lazy':
      return [schema, ...alternatives((def.getter as () => z.ZodType)(), seen)];
    case 'union':
      return [
        schema,
        ...(def.options as z.ZodType[]).flatMap((option) => alternatives(option, seen)),
      ];
    default:
      return [schema];
  }
}

/** The kind of text a place accepts: the most permissive its schemas mark, single-line if none. */
function kindOf(schemas: readonly z.ZodType[]): TextKind {
  const kinds = schemas.map((schema) => textKinds.get(schema)?.textKind);
  if (kinds.includes('multiLine')) return 'multiLine';
  if (kinds.includes('secret')) return 'secret';
  return 'singleLine';
}

function childSchemas(schemas: readonly z.ZodType[], key: string | number): z.ZodType[] {
  return schemas.flatMap((schema) => {
    const def = defOf(schema);
    if (def.type === 'object') {
      const shape = def.shape as Record<string, z.ZodType>;
      const field = Object.hasOwn(shape, key) ? shape[key] : (def.catchall as z.ZodType);
      return alternatives(field);
    }
    if (def.type === 'array' && typeof key === 'number') {
      return alternatives(def.element as z.ZodType);
    }
    if (def.type === 'record') return alternatives(def.valueType as z.ZodType);
    if (def.type === 'tuple' && typeof key === 'number') {
      return alternatives((def.items as z.ZodType[])[key]);
    }
    return [];
  });
}

/** How far the check follows nesting; deeper values are left to the schema (which refuses them). */
const MAX_DEPTH = 64;

/**
 * Checks every string of an input (object keys too) against the text rules, the kind of each
 * place taken from the schema's marks, and answers the input with its texts normalised to NFC
 * (secrets as they are), or every problem found.
 */
export function checkTextInput(value: unknown, schema?: z.ZodType): TextInputResult {
  const issues: TextIssue[] = [];
  const visit = (
    current: unknown,
    schemas: readonly z.ZodType[],
    path: readonly (string | number)[],
    depth: number,
  ): unknown => {
    const name = path.length ? `"${path.join('.')}"` : 'The value';
    if (typeof current === 'string') {
      const kind = kindOf(schemas);
      const problem = textProblem(current, kind, name);
      if (problem) issues.push({ path: path.join('.'), message: problem });
      return problem || kind === 'secret' ? current : current.normalize('NFC');
    }
    if (current === null || typeof current !== 'object' || depth >= MAX_DEPTH) return current;
    if (Array.isArray(current)) {
      return current.map((item, index) =>
        visit(item, childSchemas(schemas, index), [...path, index], depth + 1),
      );
    }
    const entries = Object.entries(current as Record<string, unknown>).map(([key, item]) => {
      const keyProblem = textProblem(key, 'singleLine', `A name in ${name}`);
      if (keyProblem) issues.push({ path: path.join('.'), message: keyProblem });
      const child = visit(item, childSchemas(schemas, key), [...path, key], depth + 1);
      return [keyProblem ? key : key.normalize('NFC'), child] as const;
    });
    // fromEntries defines own keys, so a `__proto__` key stays data and reaches the schema as sent.
    return Object.fromEntries(entries);
  };
  const checked = visit(value, alternatives(schema), [], 0);
  return issues.length ? { ok: false, issues } : { ok: true, value: checked };
}
