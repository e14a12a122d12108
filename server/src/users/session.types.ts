import { Field, InputType, ObjectType } from 'type-graphql';
import type { AccessFlags, Permissions, TenantPermissions } from '../../../common/permissions/model.js';
import { User } from './user.entity.js';

@ObjectType('AccessFlags', { description: 'The seven access flags of one permission area.' })
export class AccessFlagsType implements AccessFlags {
  @Field() create!: boolean;
  @Field() readOwn!: boolean;
  @Field() readAny!: boolean;
  @Field() updateOwn!: boolean;
  @Field() updateAny!: boolean;
  @Field() deleteOwn!: boolean;
  @Field() deleteAny!: boolean;
}

@ObjectType('TenantPermissions', { description: "The signed-in user's rights in one tenant." })
export class TenantPermissionsType {
  @Field() tenantId!: string;
  @Field() isOwner!: boolean;
  @Field(() => [String]) adminInterfaces!: string[];
  @Field() freeBookings!: boolean;
  @Field(() => AccessFlagsType) manageRoles!: AccessFlagsType;
  @Field(() => AccessFlagsType) manageUsers!: AccessFlagsType;
  @Field(() => AccessFlagsType) manageTenants!: AccessFlagsType;
  @Field(() => AccessFlagsType) manageBookings!: AccessFlagsType;
  @Field(() => AccessFlagsType) manageBookables!: AccessFlagsType;
  @Field(() => AccessFlagsType) manageCoupons!: AccessFlagsType;
}

@ObjectType('Permissions', { description: 'The logged-in permissions.' })
export class PermissionsType {
  @Field() instanceOwner!: boolean;
  @Field() allowCreateTenant!: boolean;
  @Field(() => [TenantPermissionsType]) tenants!: TenantPermissionsType[];
}

@ObjectType({ description: 'Who is signed in, with freshly computed permissions.' })
export class Session {
  @Field(() => User) user!: User;
  @Field(() => PermissionsType) permissions!: PermissionsType;
}

/** All seven flags, missing ones as false. */
export const fullFlags = (flags: AccessFlags): AccessFlagsType => ({
  create: flags.create === true,
  readOwn: flags.readOwn === true,
  readAny: flags.readAny === true,
  updateOwn: flags.updateOwn === true,
  updateAny: flags.updateAny === true,
  deleteOwn: flags.deleteOwn === true,
  deleteAny: flags.deleteAny === true,
});

function tenantPermissionsType(entry: TenantPermissions): TenantPermissionsType {
  return {
    tenantId: entry.tenantId,
    isOwner: entry.isOwner,
    adminInterfaces: [...entry.adminInterfaces],
    freeBookings: entry.freeBookings,
    manageRoles: fullFlags(entry.manageRoles),
    manageUsers: fullFlags(entry.manageUsers),
    manageTenants: fullFlags(entry.manageTenants),
    manageBookings: fullFlags(entry.manageBookings),
    manageBookables: fullFlags(entry.manageBookables),
    manageCoupons: fullFlags(entry.manageCoupons),
  };
}

export function toSession(user: User, permissions: Permissions): Session {
  return {
    user,
    permissions: {
      instanceOwner: permissions.instanceOwner,
      allowCreateTenant: permissions.allowCreateTenant,
      tenants: permissions.tenants.map(tenantPermissionsType),
    },
  };
}

@InputType()
export class SignUpInput {
  @Field({ description: 'E-mail address, the future sign-in name.' }) id!: string;
  @Field() password!: string;
  @Field() firstName!: string;
  @Field() lastName!: string;
  @Field({ nullable: true }) company?: string;
}

@InputType({ description: 'Only the fields given are changed.' })
export class ProfileInput {
  @Field({ nullable: true }) firstName?: string;
  @Field({ nullable: true }) lastName?: string;
  @Field({ nullable: true }) company?: string;
  @Field({ nullable: true }) phone?: string;
  @Field({ nullable: true }) address?: string;
  @Field({ nullable: true }) zipCode?: string;
  @Field({ nullable: true }) city?: string;
}
