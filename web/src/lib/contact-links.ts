/** Where people reach us (footer, help page). */
export const SUPPORT_EMAIL = 'support@expiry-radar.example';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;
export const COMMUNITY_CHAT_URL = 'https://chat.expiry-radar.example';
