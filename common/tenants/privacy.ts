/**
 * A tenant's privacy notice ("Datenschutzhinweis", a short plain text) and the link to its privacy
 * statement ("Datenschutzerklärung"), as the booking page and the customers' mails show them.
 * Plain TypeScript, shared by server and client.
 */

/** The longest notice a tenant may store: a few sentences, not the statement itself. */
export const PRIVACY_NOTICE_MAX = 2000;

export const PRIVACY_LINK_LABEL = 'Datenschutzerklärung';

export interface TenantPrivacySettings {
  privacyNotice?: string | null;
  privacyPolicyLink?: string | null;
}

/** What is shown of a tenant's privacy settings; null when the tenant set neither. */
export interface ShownPrivacy {
  /** The notice, trimmed; empty when only the link is set. */
  notice: string;
  /** The link to the privacy statement; empty when only the notice is set. */
  link: string;
}

export function shownPrivacy(settings: TenantPrivacySettings | null | undefined): ShownPrivacy | null {
  const notice = (settings?.privacyNotice ?? '').trim();
  const link = (settings?.privacyPolicyLink ?? '').trim();
  return notice || link ? { notice, link } : null;
}

/** The plain-text footer line of a mail: the notice, then "Datenschutzerklärung: <link>"; empty when nothing is set. */
export function privacyFooterText(settings: TenantPrivacySettings | null | undefined): string {
  const shown = shownPrivacy(settings);
  if (!shown) return '';
  return [shown.notice, shown.link ? `${PRIVACY_LINK_LABEL}: ${shown.link}` : ''].filter(Boolean).join('\n');
}
