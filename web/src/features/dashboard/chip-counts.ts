/**
 * The filter chips' counts, as the cards below them show the tokens. A list answer's facets each
 * leave out only their own filter, so a card's answer (its category, the section and "Assigned to
 * me" filters, its search) says what its category's chip counts (its total) and what each
 * section's chip counts of that category; the shown cards together give the section chips.
 */
import type { TokenFacets } from '@expiry-radar/shared/api/token-api-schemas';
import { CATEGORIES, type Category } from '@expiry-radar/shared/domain/categories';
import { sumSectionFacets } from '../tokens';

/** What a shown card's list answer counts: its total, and its category's tokens per section. */
export interface CardCounts {
  readonly total: number;
  readonly sections: TokenFacets['section'];
}

export type CardCountsByCategory = Partial<Record<Category, CardCounts>>;

/**
 * The chips' counts: a shown category's from its card's answer; a hidden one's (another category
 * chosen: its card is not shown, nor its search) from `hiddenCounts`, the category facet of a list
 * under the section and "Assigned to me" filters without a search. Undefined while a card shown
 * has not answered, or hidden categories wait for `hiddenCounts`.
 */
export function chipCounts(
  shown: readonly Category[],
  cards: CardCountsByCategory,
  hiddenCounts: TokenFacets['category'] | undefined,
): TokenFacets | undefined {
  const category: Record<string, number> = {};
  const sections: TokenFacets['section'][] = [];
  for (const value of CATEGORIES) {
    if (shown.includes(value)) {
      const card = cards[value];
      if (!card) return undefined;
      category[value] = card.total;
      sections.push(card.sections);
    } else {
      const count = hiddenCounts?.[value];
      if (count === undefined) return undefined;
      category[value] = count;
    }
  }
  return { category, section: sumSectionFacets(sections) };
}
