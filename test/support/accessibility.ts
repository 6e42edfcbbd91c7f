/** axe-core checks shared by the end-to-end tests. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** One line per serious or critical violation: rule, impact, the elements and what is wrong. */
export async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${
            node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help
          }`,
      ),
    );
}
