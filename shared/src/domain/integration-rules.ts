/**
 * An integration's include and exclude rules: regular expressions tested against the name and the
 * path at the source (the external id) of each item a sync finds. With include patterns, only
 * the items one of them matches are kept; an item an exclude pattern matches is dropped. Dropped
 * items never become tokens, and a token already synced whose item is now dropped is treated as
 * one whose item disappeared at the source.
 *
 * Patterns run on every item of every sync, in the sync worker and in the browser, so they are
 * kept from taking exponential time: short, no backreferences, no repeated group that itself
 * repeats or has alternatives (`(a+)+`, `(a|ab)*`), at most a few unbounded repetitions, and the
 * text they are tested against is cut to `RULE_SUBJECT_MAX_LENGTH` characters.
 */

export const RULE_PATTERN_MAX_LENGTH = 200;
export const MAX_RULE_PATTERNS = 20;
export const MAX_UNBOUNDED_REPETITIONS = 3;
export const RULE_SUBJECT_MAX_LENGTH = 300;

export const RULE_MESSAGES = {
  empty: 'A pattern must not be empty',
  tooLong: `A pattern must be ${RULE_PATTERN_MAX_LENGTH} characters or less`,
  tooMany: `At most ${MAX_RULE_PATTERNS} include and ${MAX_RULE_PATTERNS} exclude patterns`,
  invalid: (pattern: string, reason: string) =>
    `The pattern ${pattern} is not a valid regular expression: ${reason}`,
  backreference: (pattern: string) =>
    `The pattern ${pattern} uses a backreference, which can take very long to match; write it without one`,
  nested: (pattern: string) =>
    `The pattern ${pattern} repeats a group that itself repeats or has alternatives, which can take very long to match; simplify it (for example (ab)+ instead of (a+b)+)`,
  tooManyRepetitions: (pattern: string) =>
    `The pattern ${pattern} has more than ${MAX_UNBOUNDED_REPETITIONS} unbounded repetitions (*, + or {n,}); use fewer`,
} as const;

/** An item as the rules see it: its name and its path at the source. */
export interface RuleSubject {
  readonly name: string;
  readonly external_id: string;
}

interface GroupState {
  quantified: boolean;
  alternation: boolean;
}

/** Whether the character at `index` starts a repetition: `*`, `+`, `{n,}` or `{n,m}` with m > 1. */
function repetitionAt(pattern: string, index: number): { repeats: boolean; unbounded: boolean } {
  const char = pattern[index];
  if (char === '*' || char === '+') return { repeats: true, unbounded: true };
  if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index));
    if (!match) return { repeats: false, unbounded: false };
    if (match[2] === undefined) return { repeats: Number(match[1]) > 1, unbounded: false };
    if (match[3] === '') return { repeats: true, unbounded: true };
    return { repeats: Number(match[3]) > 1, unbounded: false };
  }
  return { repeats: false, unbounded: false };
}

/**
 * Why a pattern is refused (it does not compile, or could take exponential time), or null. The
 * check reads the pattern's structure: escapes, character classes and groups.
 */
export function rulePatternProblem(pattern: string): string | null {
  if (pattern.trim() === '') return RULE_MESSAGES.empty;
  if (pattern.length > RULE_PATTERN_MAX_LENGTH) return RULE_MESSAGES.tooLong;
  try {
    new RegExp(pattern, 'i');
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.message.replace(/^Invalid regular expression: /, '')
        : 'it does not compile';
    return RULE_MESSAGES.invalid(pattern, reason);
  }
  const stack: GroupState[] = [{ quantified: false, alternation: false }];
  let unbounded = 0;
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    if (char === '\\') {
      const next = pattern[index + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || (next === 'k' && pattern[index + 2] === '<'))) {
        return RULE_MESSAGES.backreference(pattern);
      }
      index += 1;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    const current = stack[stack.length - 1]!;
    switch (char) {
      case '[':
        inClass = true;
        break;
      case '(':
        stack.push({ quantified: false, alternation: false });
        break;
      case '|':
        current.alternation = true;
        break;
      case ')': {
        const group = stack.pop()!;
        const outer = stack[stack.length - 1]!;
        const repetition = repetitionAt(pattern, index + 1);
        if (repetition.repeats && (group.quantified || group.alternation)) {
          return RULE_MESSAGES.nested(pattern);
        }
        if (group.quantified) outer.quantified = true;
        break;
      }
      case '?':
        // `(?:`, `(?=`, `(?<name>`: a group's kind, not a quantifier.
        if (pattern[index - 1] !== '(') current.quantified = true;
        break;
      default: {
        const repetition = repetitionAt(pattern, index);
        if (char === '*' || char === '+' || (char === '{' && repetition.repeats)) {
          current.quantified = true;
        }
        if (repetition.unbounded) unbounded += 1;
      }
    }
  }
  if (unbounded > MAX_UNBOUNDED_REPETITIONS) return RULE_MESSAGES.tooManyRepetitions(pattern);
  return null;
}

function compile(patterns: readonly string[]): Array<{ expression: RegExp; text: string }> {
  return patterns.flatMap((text) =>
    rulePatternProblem(text) === null ? [{ expression: new RegExp(text, 'i'), text }] : [],
  );
}

function matches(expression: RegExp, subject: RuleSubject): boolean {
  return (
    expression.test(subject.name.slice(0, RULE_SUBJECT_MAX_LENGTH)) ||
    expression.test(subject.external_id.slice(0, RULE_SUBJECT_MAX_LENGTH))
  );
}

/** What the rules decide of one item, with the patterns that decided it. */
export interface RuleVerdict {
  readonly kept: boolean;
  /** The include patterns matching it (empty when there are none, or none matches). */
  readonly includedBy: readonly string[];
  readonly excludedBy: readonly string[];
}

/**
 * The rules compiled once for a whole sync (or a preview in the form): `verdict` of each item.
 * Patterns that are refused (stored before these checks) are left out rather than run.
 */
export function compileRules(rules: {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
}): (subject: RuleSubject) => RuleVerdict {
  const include = compile(rules.include);
  const exclude = compile(rules.exclude);
  const includeGiven = rules.include.length > 0;
  return (subject) => {
    const includedBy = include
      .filter(({ expression }) => matches(expression, subject))
      .map(({ text }) => text);
    const excludedBy = exclude
      .filter(({ expression }) => matches(expression, subject))
      .map(({ text }) => text);
    const kept = (!includeGiven || includedBy.length > 0) && excludedBy.length === 0;
    return { kept, includedBy, excludedBy };
  };
}
