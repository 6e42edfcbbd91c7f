import { getRuntimeConfig } from './current-runtime-config';

/**
 * Where people reach the team running this deployment (footer, help page, legal pages): the
 * deployment's settings, each null when unset, so no link leads nowhere.
 */
export interface ContactLinks {
  readonly supportEmail: string | null;
  readonly supportMailto: string | null;
  readonly communityChatUrl: string | null;
}

export function contactLinks(): ContactLinks {
  const { supportEmail, communityChatUrl } = getRuntimeConfig();
  return {
    supportEmail: supportEmail || null,
    supportMailto: supportEmail ? `mailto:${supportEmail}` : null,
    communityChatUrl: communityChatUrl || null,
  };
}
