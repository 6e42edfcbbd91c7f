/**
 * A whole number as en-US writes it, thousands grouped by commas (500000 → "500,000"), without
 * Intl: messages built as a module loads use it, where `toLocaleString` would first load the
 * locale's number data (a browser spends milliseconds on that before the page's first render).
 */
export function countText(count: number): string {
  const digits = Math.trunc(Math.abs(count)).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return count < 0 ? `-${grouped}` : grouped;
}
