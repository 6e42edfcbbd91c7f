/** What the call recorder keeps of an SDK call's input (sdk-call-summary.cjs). */
export function summarize(input: unknown): Record<string, unknown>;
