import { describe, expect, it } from 'vitest';
import { type MailSenderFormValues, mailSenderInput, unchangedMailSecrets } from './mailSender';

const sender: MailSenderFormValues = {
  noreplyMail: 'noreply@musterstadt.de',
  noreplyDisplayName: 'Musterstadt',
  noreplyHost: 'smtp.musterstadt.de',
  noreplyUser: 'noreply',
  noreplyStarttls: true,
  noreplyUseGraphApi: false,
  noreplyGraphTenantId: null,
  noreplyGraphClientId: null,
  ...unchangedMailSecrets,
};

describe('mailSenderInput', () => {
  it('sends missing text as empty text and the port as given', () => {
    expect(mailSenderInput(sender, 587)).toEqual({
      noreplyMail: 'noreply@musterstadt.de',
      noreplyDisplayName: 'Musterstadt',
      noreplyHost: 'smtp.musterstadt.de',
      noreplyPort: 587,
      noreplyUser: 'noreply',
      noreplyStarttls: true,
      noreplyUseGraphApi: false,
      noreplyGraphTenantId: '',
      noreplyGraphClientId: '',
    });
  });

  it('keeps the stored secrets while their fields stay empty or blank', () => {
    const input = mailSenderInput({ ...sender, noreplyPassword: '  ' }, null);
    expect(input).not.toHaveProperty('noreplyPassword');
    expect(input).not.toHaveProperty('noreplyGraphClientSecret');
    expect(input.noreplyPort).toBeNull();
  });

  it('sends a typed secret as typed', () => {
    const input = mailSenderInput({ ...sender, noreplyPassword: ' geheim ', noreplyGraphClientSecret: 'client-geheim' }, 25);
    expect(input).toMatchObject({ noreplyPassword: ' geheim ', noreplyGraphClientSecret: 'client-geheim' });
  });
});
