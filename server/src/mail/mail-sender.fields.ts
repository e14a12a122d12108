/**
 * The "noreply" sender settings the instance and every tenant carry (SMTP or Office365 Graph,
 * exactly one in use). Listed once, so both update paths accept the same fields.
 */
export const senderTextFields = ['noreplyMail', 'noreplyDisplayName', 'noreplyHost', 'noreplyUser', 'noreplyGraphTenantId', 'noreplyGraphClientId'] as const;
export const senderBooleanFields = ['noreplyStarttls', 'noreplyUseGraphApi'] as const;
export const senderNumberFields = ['noreplyPort'] as const;
