import { Field, Float, InputType, ObjectType } from 'type-graphql';

@ObjectType({ description: 'The own account as the data download lists it; never a password hash or token.' })
export class PersonalAccount {
  @Field({ description: 'The e-mail address.' }) id!: string;
  @Field() firstName!: string;
  @Field() lastName!: string;
  @Field() company!: string;
  @Field() phone!: string;
  @Field() address!: string;
  @Field() zipCode!: string;
  @Field() city!: string;
  @Field() isVerified!: boolean;
  @Field() isSuspended!: boolean;
  @Field(() => Date) created!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => [String], { description: 'How the account signs in: password, sso.' }) loginMethods!: string[];
  @Field() instanceOwner!: boolean;
  @Field() allowCreateTenant!: boolean;
}

@ObjectType({ description: 'A tenant the own account belongs to or owns.' })
export class PersonalTenantMembershipType {
  @Field() tenantId!: string;
  @Field() tenantName!: string;
  @Field() isOwner!: boolean;
  @Field() isMember!: boolean;
  @Field(() => [String], { description: 'The names of the roles held there.' }) roles!: string[];
  @Field(() => Date) since!: Date;
}

@ObjectType({ description: 'A booking assigned to the own account (booked while signed in, or given to it).' })
export class PersonalBookingType {
  @Field() tenantId!: string;
  @Field() tenantName!: string;
  @Field({ description: 'The booking number.' }) number!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) timeBegin!: Date | null;
  @Field(() => Date, { nullable: true }) timeEnd!: Date | null;
  @Field() name!: string;
  @Field() company!: string;
  @Field() street!: string;
  @Field() zipCode!: string;
  @Field() location!: string;
  @Field() mail!: string;
  @Field() phone!: string;
  @Field() comment!: string;
  @Field(() => Float) priceEur!: number;
  @Field() isCommitted!: boolean;
  @Field() isPayed!: boolean;
  @Field() isRejected!: boolean;
  @Field() paymentMethod!: string;
  @Field(() => [String], { description: '"2 × Saal" per booked object.' }) items!: string[];
}

@ObjectType({ description: 'A mailed link not used yet: its purpose and validity, never its token.' })
export class PersonalPendingLinkType {
  @Field({ description: 'verify or reset-password.' }) type!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) expiresAt!: Date;
}

@ObjectType('PersonalAllocationApplication', { description: 'An application of the account to an allocation round, as the data download lists it.' })
export class PersonalAllocationApplicationType {
  @Field() tenantId!: string;
  @Field() tenantName!: string;
  @Field() roundTitle!: string;
  @Field({ description: 'The organisation applied for.' }) name!: string;
  @Field() contactName!: string;
  @Field() mail!: string;
  @Field() phone!: string;
  @Field() registration!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => [String], { description: 'Each wish with its decision, e.g. "Di 18:00–20:00, wöchentlich: zugesagt".' }) wishes!: string[];
}

@ObjectType({ description: 'Everything the platform keeps about the signed-in user (data download).' })
export class PersonalDataType {
  @Field(() => Date) exportedAt!: Date;
  @Field(() => PersonalAccount) account!: PersonalAccount;
  @Field(() => [PersonalTenantMembershipType]) tenants!: PersonalTenantMembershipType[];
  @Field(() => [PersonalBookingType]) bookings!: PersonalBookingType[];
  @Field(() => [PersonalAllocationApplicationType], { description: "The account's applications to allocation rounds (Vergaberunden)." }) allocationApplications!: PersonalAllocationApplicationType[];
  @Field(() => [PersonalPendingLinkType]) pendingLinks!: PersonalPendingLinkType[];
}

@InputType({ description: 'Confirms the deletion of the own account: the password, or for accounts without one (single sign-on) the own e-mail address.' })
export class DeleteMyAccountInput {
  @Field(() => String, { nullable: true }) password?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
}
