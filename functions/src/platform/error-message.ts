/** What went wrong, as text for a log line or a stored failure: an Error's message, else the value. */
export function errorMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)) || 'Unknown error';
}
