/** Types of parse-prometheus-text-format (the package ships none): the Prometheus text parser. */
declare module 'parse-prometheus-text-format' {
  export interface ParsedSample {
    readonly value: string;
    readonly labels?: Readonly<Record<string, string>>;
  }
  export interface ParsedFamily {
    readonly name: string;
    readonly help: string;
    readonly type: 'GAUGE' | 'COUNTER' | 'SUMMARY' | 'HISTOGRAM' | 'UNTYPED';
    readonly metrics: readonly ParsedSample[];
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
