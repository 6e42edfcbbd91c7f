/** axe-core checks shared by the end-to-end tests. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Violations in third-party markup the app renders but does not write, each with its reason:
 * Scalar's API reference (/docs/api) puts an operation's copy-link control inside its
 * disclosure button, which only a fork of its components could change.
 */
const THIRD_PARTY_MARKUP = [{ rule: 'nested-interactive', target: /scalar-refs/ }] as const;

function isThirdParty(rule: string, target: string): boolean {
  return THIRD_PARTY_MARKUP.some((known) => known.rule === rule && known.target.test(target));
}

/**
 * One line per serious or critical violation: rule, impact, the elements and what is wrong.
 *
 * axe runs in the page itself (legacy mode) and reports violations only. The default mode joins
 * the frames' results in a new blank page, and reporting passes builds a selector for every
 * element that passed; together they tripled the time of a check (6 s on the dashboard, 1.5 s
 * this way). The app has no cross-origin frame, the one thing the default mode adds.
 */
export async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes
        .filter((node) => !isThirdParty(violation.id, node.target.join(' ')))
        .map(
          (node) =>
            `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${
              node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help
            }`,
        ),
    );
}
