/**
 * Names of the dashboard's performance timeline entries (performance.mark / measure), written by
 * the web app and read by the dashboard benchmark (test/bench/dashboard-render.ts).
 */
export const DASHBOARD_PERFORMANCE = {
  /** Measure from the navigation's start to the first render with every category card loaded. */
  firstRenderMeasure: 'dashboard:first-full-render',
  firstRenderMark: 'dashboard:first-full-render:end',
  /** Measure from a category chip's click to the filtered dashboard's render. */
  categoryChipMeasure: 'dashboard:apply-category-chip',
  categoryChipStartMark: 'dashboard:apply-category-chip:start',
  categoryChipEndMark: 'dashboard:apply-category-chip:end',
  /** Mark at the commit of the dashboard's first render (session, workspace and chunk ready). */
  viewCommitMark: 'dashboard:view-commit',
  /** Mark at the commit of the summary's chips and the cards' frames. */
  summaryCommitMark: 'dashboard:summary-commit',
  /** Mark at the commit of a card's first page; its `detail` is the category. */
  cardCommitMark: 'dashboard:card-commit',
} as const;
