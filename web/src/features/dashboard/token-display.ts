/** How token values read in the table, the cards and the dialogs. */
import type { CategoryField } from '@expiry-radar/shared/domain/categories';
import { CATEGORY_DEFINITIONS, TYPE_LABELS } from '@expiry-radar/shared/domain/categories';
import { displayDomainList } from '@expiry-radar/shared/domain/domain-names';
import type { Token } from '@expiry-radar/shared/domain/token';
import { formatDateText } from '../../lib/date-format';

let costFormat: Intl.NumberFormat | undefined;

/**
 * A cost in the user's locale as it is stored: two decimals at least, more when the stored amount
 * has them ("120.00", "12.345"), up to 20, the most every browser's formatter allows (the format
 * made on first use, not at start).
 */
function costText(cost: number): string {
  costFormat ??= new Intl.NumberFormat(undefined, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 20,
  });
  return costFormat.format(cost);
}

/** A category field's value as text (dates in the user's locale); '' when empty. */
export function fieldText(token: Token, field: CategoryField): string {
  switch (field) {
    case 'domains':
      return displayDomainList(token.domains);
    case 'cost':
      return token.cost === null ? '' : costText(token.cost);
    case 'key_size':
      return token.key_size === null ? '' : String(token.key_size);
    case 'renewal_date':
      return token.renewal_date ? formatDateText(token.renewal_date, 'day') : '';
    default:
      return token[field] ?? '';
  }
}

export function typeLabel(token: Token): string {
  return TYPE_LABELS[token.type];
}

export function categoryLabel(token: Token): string {
  return CATEGORY_DEFINITIONS[token.category].label;
}
