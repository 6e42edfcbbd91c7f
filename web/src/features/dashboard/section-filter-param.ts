import { SECTION_FILTER_ALL } from '@expiry-radar/shared/domain/section-filter';

/** The filter a `section` query parameter stands for (absent or empty: all sections). */
export function sectionFilterFrom(param: string | null): string {
  const value = param?.trim() ?? '';
  return value === '' ? SECTION_FILTER_ALL : value;
}
