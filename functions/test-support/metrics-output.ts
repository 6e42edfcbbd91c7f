/**
 * What Powertools Metrics prints (embedded metric format, one JSON line per flush) while `run`
 * runs, with metrics switched on for it (the tests run with POWERTOOLS_METRICS_DISABLED=true).
 */
export interface EmfLine {
  readonly _aws: {
    readonly CloudWatchMetrics: readonly {
      readonly Namespace: string;
      readonly Dimensions: readonly (readonly string[])[];
      readonly Metrics: readonly { readonly Name: string; readonly Unit: string }[];
    }[];
  };
  readonly [field: string]: unknown;
}

export async function captureMetrics(run: () => Promise<unknown>): Promise<EmfLine[]> {
  const previous = process.env.POWERTOOLS_METRICS_DISABLED;
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  const written: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    write.mockRestore();
    if (previous === undefined) delete process.env.POWERTOOLS_METRICS_DISABLED;
    else process.env.POWERTOOLS_METRICS_DISABLED = previous;
  }
  return written
    .join('')
    .split('\n')
    .filter((line) => line.includes('"_aws"'))
    .map((line) => JSON.parse(line) as EmfLine);
}

/** `{ 'MetricName channel-or-route': value }` over the lines, with the given dimension. */
export function metricCounts(lines: readonly EmfLine[], dimension: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of lines) {
    for (const { Metrics } of line._aws.CloudWatchMetrics) {
      for (const { Name } of Metrics) {
        const key = `${Name} ${String(line[dimension])}`;
        counts[key] = (counts[key] ?? 0) + Number(line[Name]);
      }
    }
  }
  return counts;
}
