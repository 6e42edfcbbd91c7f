/** The section filter chips: All sections, No section, then each section by count. */
import type { TokenFacets } from '@expiry-radar/shared/api/token-api-schemas';
import {
  SECTION_FILTER_ALL,
  SECTION_FILTER_NONE,
} from '@expiry-radar/shared/domain/section-filter';
import { compareNames } from '../../lib/compare-names';

export interface SectionChip {
  /** The `section` query parameter's value. */
  readonly value: string;
  readonly label: string;
  readonly count: number;
}

/**
 * Named sections sorted by count (most first), then by name. "All sections" counts every section's
 * tokens: the facets leave out the section filter, so they are what it would show.
 */
export function sectionChips(facets: TokenFacets['section']): SectionChip[] {
  const total = facets.reduce((sum, facet) => sum + facet.count, 0);
  const unsectioned = facets
    .filter((facet) => facet.section === null)
    .reduce((sum, facet) => sum + facet.count, 0);
  const named = facets
    .filter((facet): facet is { section: string; count: number } => facet.section !== null)
    .sort((a, b) => b.count - a.count || compareNames(a.section, b.section))
    .map(({ section, count }) => ({ value: section, label: section, count }));
  return [
    { value: SECTION_FILTER_ALL, label: 'All sections', count: total },
    { value: SECTION_FILTER_NONE, label: 'No section', count: unsectioned },
    ...named,
  ];
}
