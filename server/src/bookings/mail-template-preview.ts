import { canManageTenant } from '../../../common/permissions/permissions.js';
import { mailContent, type OutgoingMail } from '../mail/mail.service.js';
import { AppError } from '../shared/errors.js';
import type { Viewer } from '../users/viewer.service.js';
import { renderMailTemplate } from './booking-mail-composition.js';

/** The mail templates' "Vorschau": a sample mail in the given template, filled by the renderer the real mails use. */
export class MailTemplatePreviews {
  constructor(private readonly publicUrl: string) {}

  /** The instance's template (empty: the bundled default) with a sample account mail; instance owners. */
  async instanceTemplate(viewer: Viewer, template: string): Promise<string> {
    if (!viewer.permissions.instanceOwner) throw new AppError('auth.forbidden');
    return this.render(template, {
      to: 'erika@example.org',
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      paragraphs: ['Hallo Erika Mustermann,', 'vielen Dank für Ihre Registrierung. Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link. Erst danach können Sie sich anmelden.', 'Der Link ist 48 Stunden gültig.'],
      link: { href: `${this.publicUrl}/email/verify?token=beispiel`, label: 'E-Mail-Adresse bestätigen' },
    });
  }

  /** A tenant's template (empty: the bundled default) with a sample booking mail; owners of the tenant. */
  async tenantTemplate(viewer: Viewer, tenantId: string, template: string): Promise<string> {
    if (!canManageTenant(viewer.permissions, tenantId)) throw new AppError('auth.forbidden');
    return this.render(template, {
      to: 'erika@example.org',
      subject: 'Ihre Buchung Nr. ABCD-EFGH',
      paragraphs: ['Hallo Erika Mustermann,', 'vielen Dank für Ihre Buchung. Wir melden uns, sobald sie bestätigt ist.', 'Gebucht: Großer Saal, Anzahl: 1'],
    });
  }

  private render(template: string, mail: OutgoingMail): string {
    return renderMailTemplate(template, { title: mail.subject, contentHtml: mailContent(mail).contentHtml });
  }
}

declare module '../shared/domain-services.js' {
  interface DomainServices {
    mailPreviews: MailTemplatePreviews;
  }
}
