import type { InstanceInput } from '../../gql/graphql';

/**
 * The mail sender (SMTP or Office365 Graph) of the tenant and the instance settings: the same
 * fields on two GraphQL types (fragments TenantMailSender and InstanceMailSender), sent the same way.
 */

/** The sender's fields in a form, the two secrets as new values (empty keeps the stored one). */
export interface MailSenderFormValues {
  noreplyMail: string | null;
  noreplyDisplayName: string | null;
  noreplyHost: string | null;
  noreplyUser: string | null;
  noreplyPassword: string;
  noreplyStarttls: boolean | null;
  noreplyUseGraphApi: boolean | null;
  noreplyGraphTenantId: string | null;
  noreplyGraphClientId: string | null;
  noreplyGraphClientSecret: string;
}

type MailSenderKey = keyof MailSenderFormValues | 'noreplyPort';
/** What both mutations take for the sender (TenantInput and InstanceInput agree on these fields). */
export type MailSenderInput = Pick<InstanceInput, MailSenderKey>;

/** A loaded sender has no secrets to show: they are write-only. */
export const unchangedMailSecrets = { noreplyPassword: '', noreplyGraphClientSecret: '' } as const;

/**
 * The sender as the mutations take it: missing text as empty text, the port as the form holds it
 * (the screens keep it differently), a secret only when something was typed.
 */
export function mailSenderInput(values: MailSenderFormValues, noreplyPort: number | null): MailSenderInput {
  const text = (value: string | null | undefined) => value ?? '';
  const typed = (value: string | null | undefined) => (value ?? '').trim() !== '';
  return {
    noreplyMail: text(values.noreplyMail),
    noreplyDisplayName: text(values.noreplyDisplayName),
    noreplyHost: text(values.noreplyHost),
    noreplyPort,
    noreplyUser: text(values.noreplyUser),
    noreplyStarttls: values.noreplyStarttls,
    noreplyUseGraphApi: values.noreplyUseGraphApi,
    noreplyGraphTenantId: text(values.noreplyGraphTenantId),
    noreplyGraphClientId: text(values.noreplyGraphClientId),
    ...(typed(values.noreplyPassword) ? { noreplyPassword: values.noreplyPassword } : {}),
    ...(typed(values.noreplyGraphClientSecret) ? { noreplyGraphClientSecret: values.noreplyGraphClientSecret } : {}),
  };
}
