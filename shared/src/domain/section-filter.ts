/** The dashboard's section filter values: all sections, or tokens without a section. */

export const SECTION_FILTER_ALL = '__all__';
export const SECTION_FILTER_NONE = '__none__';

export const RESERVED_SECTION_NAMES: readonly string[] = [SECTION_FILTER_ALL, SECTION_FILTER_NONE];

export const RESERVED_SECTION_MESSAGE = 'This section name is reserved';
