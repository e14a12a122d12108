import { Field, InputType, Int, ObjectType } from 'type-graphql';

/** One row of the single sign-on role mapping: a provider role grants a tenant role. */
@ObjectType('SsoRoleMapping')
export class SsoRoleMappingType {
  @Field() tenantId!: string;
  @Field({ description: "The provider's role name (client or realm role)." }) keycloakRole!: string;
  @Field() tenantRoleId!: string;
}

@ObjectType('SsoRoleMappingSettings')
export class SsoRoleMappingSettingsType {
  @Field() active!: boolean;
  @Field(() => [SsoRoleMappingType]) roles!: SsoRoleMappingType[];
}

@ObjectType('SsoSettings', { description: 'The single sign-on application (Keycloak or any OpenID Connect provider); the secret is write-only.' })
export class SsoSettingsType {
  @Field() active!: boolean;
  @Field() serverUrl!: string;
  @Field() realm!: string;
  @Field() publicClient!: string;
  @Field() privateClient!: string;
  @Field({ description: 'Whether a private client secret is stored (the secret itself is never returned).' }) privateClientSecretSet!: boolean;
  @Field(() => SsoRoleMappingSettingsType) roleMapping!: SsoRoleMappingSettingsType;
}

@ObjectType('PublicSso', { description: 'What the login page needs to start single sign-on.' })
export class PublicSsoType {
  @Field() serverUrl!: string;
  @Field() realm!: string;
  @Field() publicClient!: string;
}

@ObjectType({ description: 'What the public may see of the instance.' })
export class PublicInstance {
  @Field() contactAddress!: string;
  @Field() contactUrl!: string;
  @Field() dataProtectionUrl!: string;
  @Field() legalNoticeUrl!: string;
  @Field(() => PublicSsoType, { nullable: true, description: 'Set when single sign-on is active.' })
  sso!: PublicSsoType | null;
}

@ObjectType({ description: 'The instance settings for its owners. Secrets are write-only and reported as set or not set.' })
export class InstanceSettings {
  @Field() contactAddress!: string;
  @Field() contactUrl!: string;
  @Field() dataProtectionUrl!: string;
  @Field() legalNoticeUrl!: string;
  @Field({ description: 'System mail receiver (e.g. the "new user" notice).' }) mailAddress!: string;
  @Field({ description: 'false: no mail leaves the instance; each is logged as suppressed instead.' }) mailEnabled!: boolean;
  @Field({ description: "Send with the instance's own mail configuration below (otherwise with the server's SMTP configuration)." }) useOwnMailServer!: boolean;
  @Field({ description: 'HTML layout of the account mails ({{title}}, {{content}}); empty means the bundled default.' }) mailTemplate!: string;
  @Field() noreplyMail!: string;
  @Field() noreplyDisplayName!: string;
  @Field() noreplyHost!: string;
  @Field(() => Int, { nullable: true }) noreplyPort!: number | null;
  @Field() noreplyUser!: string;
  @Field() noreplyPasswordSet!: boolean;
  @Field() noreplyStarttls!: boolean;
  @Field({ description: 'true: Office365 Graph; false: SMTP.' }) noreplyUseGraphApi!: boolean;
  @Field() noreplyGraphTenantId!: string;
  @Field() noreplyGraphClientId!: string;
  @Field() noreplyGraphClientSecretSet!: boolean;
  @Field(() => [String]) ownerUserIds!: string[];
  @Field() allowAllUsersToCreateTenant!: boolean;
  @Field(() => [String]) allowedUsersToCreateTenant!: string[];
  @Field(() => Int, { nullable: true, description: 'Empty means unlimited.' }) maxTenants!: number | null;
  @Field(() => Int, { nullable: true, description: 'Empty means unlimited.' }) maxBookables!: number | null;
  @Field(() => Int, { nullable: true, description: 'Empty means unlimited.' }) maxEvents!: number | null;
  @Field(() => SsoSettingsType) sso!: SsoSettingsType;
}

@InputType()
export class SsoRoleMappingInput {
  @Field() tenantId!: string;
  @Field() keycloakRole!: string;
  @Field() tenantRoleId!: string;
}

@InputType()
export class SsoRoleMappingSettingsInput {
  @Field({ nullable: true }) active?: boolean;
  @Field(() => [SsoRoleMappingInput], { nullable: true }) roles?: SsoRoleMappingInput[];
}

@InputType({ description: 'Only the fields given change. privateClientSecret: absent or empty keeps the stored one, null removes it.' })
export class SsoSettingsInput {
  @Field({ nullable: true }) active?: boolean;
  @Field({ nullable: true }) serverUrl?: string;
  @Field({ nullable: true }) realm?: string;
  @Field({ nullable: true }) publicClient?: string;
  @Field({ nullable: true }) privateClient?: string;
  @Field(() => String, { nullable: true }) privateClientSecret?: string | null;
  @Field(() => SsoRoleMappingSettingsInput, { nullable: true }) roleMapping?: SsoRoleMappingSettingsInput;
}

@InputType({ description: 'Only the fields given change. Secrets: absent or empty keeps the stored value, null removes it.' })
export class InstanceInput {
  @Field({ nullable: true }) contactAddress?: string;
  @Field({ nullable: true }) contactUrl?: string;
  @Field({ nullable: true }) dataProtectionUrl?: string;
  @Field({ nullable: true }) legalNoticeUrl?: string;
  @Field({ nullable: true }) mailAddress?: string;
  @Field({ nullable: true }) mailEnabled?: boolean;
  @Field({ nullable: true }) useOwnMailServer?: boolean;
  @Field(() => String, { nullable: true }) mailTemplate?: string | null;
  @Field({ nullable: true }) noreplyMail?: string;
  @Field({ nullable: true }) noreplyDisplayName?: string;
  @Field({ nullable: true }) noreplyHost?: string;
  @Field(() => Int, { nullable: true }) noreplyPort?: number | null;
  @Field({ nullable: true }) noreplyUser?: string;
  @Field(() => String, { nullable: true }) noreplyPassword?: string | null;
  @Field({ nullable: true }) noreplyStarttls?: boolean;
  @Field({ nullable: true }) noreplyUseGraphApi?: boolean;
  @Field({ nullable: true }) noreplyGraphTenantId?: string;
  @Field({ nullable: true }) noreplyGraphClientId?: string;
  @Field(() => String, { nullable: true }) noreplyGraphClientSecret?: string | null;
  @Field(() => [String], { nullable: true }) ownerUserIds?: string[];
  @Field({ nullable: true }) allowAllUsersToCreateTenant?: boolean;
  @Field(() => [String], { nullable: true }) allowedUsersToCreateTenant?: string[];
  @Field(() => Int, { nullable: true }) maxTenants?: number | null;
  @Field(() => Int, { nullable: true }) maxBookables?: number | null;
  @Field(() => Int, { nullable: true }) maxEvents?: number | null;
  @Field(() => SsoSettingsInput, { nullable: true }) sso?: SsoSettingsInput;
}
