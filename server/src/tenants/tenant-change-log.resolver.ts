import { Arg, Ctx, Field, FieldResolver, ID, Int, ObjectType, Resolver, Root } from 'type-graphql';
import { tenantChangeLogQuerySchema } from '../../../common/tenants/change-log.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { parseInput } from '../shared/schema-input.js';
import { requireViewer } from '../users/actor.js';
import type { TenantChangeEntry } from './tenant-change-log.js';
import { Tenant } from './tenant.entity.js';

@ObjectType('TenantChangeActor', { description: 'Who made a change: kind user or system (api_token reserved), with the id and name as they were then.' })
export class TenantChangeActorType {
  @Field(() => String) kind!: string;
  @Field(() => String, { nullable: true, description: "The user's account; null for the system." }) id!: string | null;
  @Field(() => String) label!: string;
  @Field(() => String, { nullable: true, description: 'The role a person acted in: tenant_owner, instance_owner or staff; null for the system and for entries written before roles were recorded.' })
  role!: string | null;
}

@ObjectType('TenantChangeField', { description: 'One changed field. A secret (password, key, salt, client secret, token) carries no value: concealed is true, before and after are null.' })
export class TenantChangeFieldType {
  @Field(() => String) field!: string;
  @Field(() => Boolean) concealed!: boolean;
  @Field(() => String, { nullable: true, description: 'The old value as JSON text ("true", "\\"Stadthalle\\"", "null"); null for a secret.' }) before!: string | null;
  @Field(() => String, { nullable: true, description: 'The new value as JSON text; null for a secret.' }) after!: string | null;
}

@ObjectType('TenantChangeEntry', { description: "One entry of a tenant's change log; entries are never changed." })
export class TenantChangeEntryType {
  @Field(() => ID) id!: string;
  @Field(() => Date) at!: Date;
  @Field(() => String, { description: 'tenant_settings, role, membership, payment_application, locker_application, workflow.' }) subject!: string;
  @Field(() => String, { description: "The changed object's id (role id, user's e-mail, application id, …)." }) subjectId!: string;
  @Field(() => String, { description: "The changed object's name at the time." }) subjectLabel!: string;
  @Field(() => String, { description: 'created, changed, deleted.' }) action!: string;
  @Field(() => TenantChangeActorType) actor!: TenantChangeActorType;
  @Field(() => String, { description: 'The path of the change: graphql, rest, job, sso.' }) via!: string;
  @Field(() => [TenantChangeFieldType]) changes!: TenantChangeFieldType[];
}

@ObjectType('TenantChangeLogPage')
export class TenantChangeLogPageType {
  @Field(() => [TenantChangeEntryType], { description: 'Newest first.' }) entries!: TenantChangeEntryType[];
  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page; null on the last.' }) nextCursor!: string | null;
}

const entryType = (entry: TenantChangeEntry): TenantChangeEntryType => ({
  ...entry,
  actor: { ...entry.actor, role: entry.actor.role ?? null },
  changes: entry.changes.map((change) =>
    change.concealed ? { field: change.field, concealed: true, before: null, after: null } : { field: change.field, concealed: false, before: JSON.stringify(change.before ?? null), after: JSON.stringify(change.after ?? null) },
  ),
});

/** A tenant's change log: its owners and instance owners. */
@Resolver(() => Tenant)
export class TenantChangeLogResolver {
  @Auth(AuthRule.TENANT_OWNER)
  @FieldResolver(() => TenantChangeLogPageType, {
    description: "Changes of the tenant's settings, roles, members, applications and workflow, who made them and how, newest first, one page at a time (first 1 to 100). Secrets appear only as changed.",
  })
  async changeLog(
    @Root() tenant: Tenant,
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<TenantChangeLogPageType> {
    const query = parseInput(tenantChangeLogQuerySchema, { first, after });
    const page = await context.services.tenants.changeLog(await requireViewer(context), tenant.id, query);
    return { entries: page.entries.map(entryType), nextCursor: page.nextCursor };
  }
}
