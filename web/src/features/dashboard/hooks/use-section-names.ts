import { useQuery } from '@tanstack/react-query';
import { compareNames } from '../../../lib/compare-names';
import { tokenSummaryQueryOptions, type TokenSummary } from '../../tokens';

const NO_NAMES: readonly string[] = [];

function sectionNamesOf(summary: TokenSummary): readonly string[] {
  return summary.facets.section
    .flatMap(({ section }) => (section ? [section] : []))
    .sort(compareNames);
}

/**
 * The workspace's section names, by name, for the token forms to suggest: read from the
 * dashboard's summary once it is loaded, with no request of its own (none before then).
 */
export function useSectionNames(workspaceId: string): readonly string[] {
  const { data } = useQuery({
    ...tokenSummaryQueryOptions(workspaceId),
    enabled: false,
    select: sectionNamesOf,
  });
  return data ?? NO_NAMES;
}
