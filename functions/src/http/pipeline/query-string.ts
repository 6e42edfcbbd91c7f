/**
 * Turns a raw query string into plain values for schema validation. API Gateway joins repeated
 * parameters with commas, which would break values that contain commas, so the raw string is
 * parsed instead. `name[]` is always a list; a repeated `name` becomes a list too.
 */
export function parseQueryString(rawQueryString: string): Record<string, string | string[]> {
  const parsed: Record<string, string | string[]> = {};
  for (const [rawName, value] of new URLSearchParams(rawQueryString)) {
    const isList = rawName.endsWith('[]');
    const name = isList ? rawName.slice(0, -2) : rawName;
    const existing = parsed[name];
    if (existing === undefined) {
      parsed[name] = isList ? [value] : value;
    } else {
      parsed[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  }
  return parsed;
}
