/** Page sizes and list limits. */

/** Tokens per category request. */
export const TOKEN_PAGE_SIZE = 100;

export const WORKSPACE_LIST_PAGE_SIZE = 50;
/** Workspace lookups (picker, transfer dialog) read up to this many. */
export const WORKSPACE_LOOKUP_PAGE_SIZE = 100;
export const MEMBER_LIST_PAGE_SIZE = 50;
export const ALERT_QUEUE_PAGE_SIZE = 50;
export const AUDIT_DEFAULT_LIMIT = 100;
/** The most any list request returns in one page. */
export const MAX_PAGE_SIZE = 100;

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_DEFAULT_FORMAT: ExportFormat = 'json';
export const EXPORT_DEFAULT_LIMIT = 10_000;
