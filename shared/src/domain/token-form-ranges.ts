/** Numeric ranges of the token forms: HTML input min, max and step. */

/**
 * Cost: any number of decimals ('any'), as the API keeps them, so a stored 12.345 passes the
 * browser's step check in the edit form and its arrows never round it.
 */
export const COST_RANGE = { min: 0, max: 999_999_999_999.99, step: 'any' } as const;

/** Costs must stay strictly below this (one trillion). */
export const COST_CEILING = 1_000_000_000_000;

/** Key size on the create form, also enforced by the create schema. */
export const KEY_SIZE_RANGE = { min: 128, max: 16_384, step: 1 } as const;

/** Key size on the edit form (from 1, unlike the create form), also enforced by the edit schema. */
export const EDIT_KEY_SIZE_RANGE = { min: 1, max: 16_384, step: 1 } as const;

export interface NumberRange {
  readonly min: number;
  readonly max: number;
  /** 'any': no step, every decimal allowed. */
  readonly step: number | 'any';
}
