/** Full-page navigation (a seam so tests can observe it; jsdom cannot navigate). */
export function assignLocation(url: string): void {
  window.location.assign(url);
}
