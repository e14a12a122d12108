import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { apiTokenPresets, type ApiTokenPreset as Preset } from '../../../common/tokens/api-token.js';

/** The presets as a GraphQL enum (the same names as in common/tokens). */
export const ApiTokenPreset = Object.fromEntries(apiTokenPresets.map((preset) => [preset, preset])) as { [K in Preset]: K };
registerEnumType(ApiTokenPreset, {
  name: 'ApiTokenPreset',
  description: 'Fixed rights of an API token in its tenant (docs/integrators.md).',
  valuesConfig: {
    OCCUPANCY_READ: { description: 'Occupancy, public slots and public objects; nothing personal.' },
    BOOKINGS_READ: { description: 'Reads every booking of the tenant; writes nothing.' },
    WEBSITE_BOOKING: { description: 'Books through the checkout as the website and reads the bookings it made.' },
  },
});

@ObjectType('ApiToken', { description: "An integrator's API token. The secret is never readable: only its first characters (prefix)." })
export class ApiTokenType {
  @Field(() => ID) id!: string;
  @Field(() => ID, { nullable: true, description: 'Null: an instance token.' }) tenantId!: string | null;
  @Field(() => String) name!: string;
  @Field(() => ApiTokenPreset, { nullable: true, description: 'The preset; null when a role gives the rights.' }) preset!: Preset | null;
  @Field(() => ID, { nullable: true, description: "The tenant's role whose rights the token has; null with a preset." }) roleId!: string | null;
  @Field(() => String, { nullable: true }) roleName!: string | null;
  @Field(() => String, { description: 'The first characters of the secret, to recognise it.' }) prefix!: string;
  @Field(() => ID, { nullable: true, description: 'The id of the user who created the token; null once that account was deleted.' }) createdBy!: string | null;
  @Field(() => String, { nullable: true, description: "The creator's name; null when the account no longer exists." }) createdByName!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) expiresAt!: Date;
  @Field(() => Date, { nullable: true }) lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true }) revokedAt!: Date | null;
}

@InputType({ description: 'A new API token: a name, a preset or a role (not both; neither for an instance token), and an expiry (default in a year, at most two years).' })
export class ApiTokenInput {
  @Field(() => String) name!: string;
  @Field(() => ApiTokenPreset, { nullable: true }) preset?: Preset | null;
  @Field(() => ID, { nullable: true }) roleId?: string | null;
  @Field(() => Date, { nullable: true }) expiresAt?: Date | null;
}

@ObjectType({ description: 'A created API token and its secret: the only time the secret is shown.' })
export class CreatedApiToken {
  @Field(() => ApiTokenType) token!: ApiTokenType;
  @Field(() => String, { description: 'Send as "Authorization: Bearer <secret>". Shown only now; only its hash is stored.' }) secret!: string;
}
