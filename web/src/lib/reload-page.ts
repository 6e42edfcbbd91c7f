/** Reloads the page (a seam so tests can observe it; jsdom cannot reload). */
export function reloadPage(): void {
  window.location.reload();
}
