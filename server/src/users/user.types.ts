import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { PageInfoType } from '../shared/graphql/page-info.js';
import { User } from './user.entity.js';

@ObjectType('UserTenantRole', { description: 'A role a user holds in a tenant.' })
export class UserTenantRoleType {
  @Field() tenantId!: string;
  @Field() tenantName!: string;
  @Field() roleId!: string;
  @Field({ description: 'The role name.' }) name!: string;
}

@InputType({ description: 'An instance owner changes an account; only the fields given change.' })
export class UpdateUserInput {
  @Field({ description: 'The account (e-mail address); it cannot change.' }) id!: string;
  @Field({ nullable: true }) firstName?: string;
  @Field({ nullable: true }) lastName?: string;
  @Field({ nullable: true }) company?: string;
  @Field({ nullable: true }) phone?: string;
  @Field({ nullable: true }) address?: string;
  @Field({ nullable: true }) zipCode?: string;
  @Field({ nullable: true }) city?: string;
  @Field({ nullable: true }) isVerified?: boolean;
  @Field({ nullable: true, description: 'Suspended accounts cannot sign in; their sessions end at once.' }) isSuspended?: boolean;
}

@InputType({ description: 'An instance owner creates an account with a password.' })
export class CreateUserInput {
  @Field() id!: string;
  @Field() password!: string;
  @Field({ nullable: true }) firstName?: string;
  @Field({ nullable: true }) lastName?: string;
  @Field({ nullable: true }) company?: string;
  @Field({ nullable: true }) phone?: string;
  @Field({ nullable: true }) address?: string;
  @Field({ nullable: true }) zipCode?: string;
  @Field({ nullable: true }) city?: string;
  @Field({ nullable: true }) isVerified?: boolean;
}

@ObjectType('UserPage', { description: 'One page of the accounts the caller may see, newest first.' })
export class UserPageType {
  @Field(() => [User]) items!: User[];
  @Field(() => Int, { description: 'All accounts matching the search (over every page).' }) totalCount!: number;
  @Field(() => PageInfoType, { description: 'The cursor after this page and whether more follow.' }) pageInfo!: PageInfoType;
}
