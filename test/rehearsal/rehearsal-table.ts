/**
 * The rehearsal's report as text: one row per function (events invoked, SDK calls, denied
 * actions, unused allowed actions), then every failure and, per function, the allowed actions
 * nothing used.
 */
import { LEFT_OUT, type FunctionReport, type RehearsalReport } from './rehearsal';

const HEADERS = ['Function', 'Trigger', 'Events', 'SDK calls', 'Denied', 'Unused allowed'];

function eventsOf(report: FunctionReport): string {
  const { happy, refusal, external, setup } = report.events;
  const total = happy + refusal + external + setup;
  const parts = [
    happy ? `${happy} ok` : '',
    external ? `${external} external` : '',
    refusal ? `${refusal} refused` : '',
    setup ? `${setup} setup` : '',
  ].filter(Boolean);
  return `${total} (${parts.join(', ')})`;
}

function rowOf(report: FunctionReport): string[] {
  if (report.skipped) return [report.label, report.trigger, 'skipped', '', '', ''];
  const permissions = report.permissions;
  return [
    report.label,
    report.trigger,
    eventsOf(report),
    `${report.sdkCalls} (${report.sdkActions.length} actions)`,
    permissions ? String(permissions.denied.length) : 'unchecked',
    permissions ? String(permissions.unusedActions.length) : 'unchecked',
  ];
}

export function formatRehearsalTable(report: RehearsalReport): string {
  // Functions a `--only` run left out are counted, not listed.
  const listed = report.functions.filter((item) => item.skipped !== LEFT_OUT);
  const rows = [HEADERS, ...listed.map(rowOf)];
  const widths = HEADERS.map((_header, column) =>
    Math.min(column === 1 ? 44 : 60, Math.max(...rows.map((row) => (row[column] ?? '').length))),
  );
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        const text = cell.length > width ? `${cell.slice(0, width - 1)}…` : cell;
        return text.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const lines = [
    line(HEADERS),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.slice(1).map(line),
  ];

  const rehearsed = report.functions.filter((item) => !item.skipped);
  const totals = rehearsed.reduce(
    (sum, item) => ({
      events:
        sum.events +
        item.events.happy +
        item.events.refusal +
        item.events.external +
        item.events.setup,
      calls: sum.calls + item.sdkCalls,
      denied: sum.denied + (item.permissions?.denied.length ?? 0),
      unused: sum.unused + (item.permissions?.unusedActions.length ?? 0),
    }),
    { events: 0, calls: 0, denied: 0, unused: 0 },
  );
  lines.push(
    '',
    `${rehearsed.length} functions rehearsed, ${report.functions.length - rehearsed.length} skipped; ${totals.events} events, ${totals.calls} SDK calls, ${totals.denied} denied, ${totals.unused} allowed actions unused; ${(report.durationMs / 1000).toFixed(1)} s`,
    `Runtimes in the templates: ${report.runtimes.join(', ')}; the bundles ran on Node.js ${process.version} here.`,
  );

  const skipped = listed.filter((item) => item.skipped);
  if (skipped.length > 0) {
    lines.push('', 'Skipped:');
    for (const item of skipped) lines.push(`  ${item.label}: ${item.skipped}`);
  }

  const excused = rehearsed.filter((item) => (item.excusedGrants?.length ?? 0) > 0);
  if (excused.length > 0) {
    lines.push('', 'Least privilege: grants no scenario used that do not fail (unused-grants.ts):');
    for (const item of excused) lines.push(`  ${item.label}: ${item.excusedGrants!.join('; ')}`);
  }

  const failing = report.functions.filter((item) => item.failures.length > 0);
  if (report.failures.length > 0 || failing.length > 0) {
    lines.push('', 'FAILURES:');
    for (const failure of report.failures) lines.push(`  ${failure}`);
    for (const item of failing) {
      for (const failure of item.failures) {
        lines.push(`  ${item.label} (${item.path}): ${failure.replace(/\n/g, '\n      ')}`);
      }
    }
  }
  return lines.join('\n');
}
