import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { PageInfoType } from '../shared/graphql/page-info.js';
import { Tenant } from './tenant.entity.js';

@ObjectType('TenantApplication', { description: 'A payment or locker application of a tenant. Secrets are write-only: only "…Set" says whether one is stored.' })
export class TenantApplicationType {
  @Field(() => ID, { description: 'giroCockpit, pmPayment, invoice or pareva.' }) id!: string;
  @Field({ description: 'payment or locker.' }) type!: string;
  @Field(() => String, { nullable: true }) title?: string | null;
  @Field() active!: boolean;
  @Field(() => String, { nullable: true }) paymentMerchantId?: string | null;
  @Field(() => String, { nullable: true }) paymentProjectId?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether a payment key (giroCockpit) or salt (pmPayment) is stored.' }) paymentSecretSet?: boolean | null;
  @Field(() => String, { nullable: true, description: "giroCockpit and pmPayment: test or prod (test uses the provider's test system)." }) paymentMode?: string | null;
  @Field(() => String, { nullable: true }) paymentPurposeSuffix?: string | null;
  @Field(() => String, { nullable: true }) bank?: string | null;
  @Field(() => String, { nullable: true }) iban?: string | null;
  @Field(() => String, { nullable: true }) bic?: string | null;
  @Field(() => String, { nullable: true }) accountHolder?: string | null;
  @Field(() => Int, { nullable: true }) daysUntilPaymentDue?: number | null;
  @Field(() => String, { nullable: true, description: 'Locker server; empty outside production: the built-in stand-in.' }) serverUrl?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether an API key of the locker server is stored.' }) apiKeySet?: boolean | null;
  @Field(() => String, { nullable: true }) lockerId?: string | null;
  @Field(() => String, { nullable: true }) user?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether a locker password is stored.' }) passwordSet?: boolean | null;
}

@InputType({ description: 'One application entry; secrets left out or empty keep the stored value.' })
export class TenantApplicationInput {
  @Field(() => ID) id!: string;
  @Field(() => Boolean, { nullable: true }) active?: boolean | null;
  @Field(() => String, { nullable: true }) paymentMerchantId?: string | null;
  @Field(() => String, { nullable: true }) paymentProjectId?: string | null;
  @Field(() => String, { nullable: true, description: 'Write-only.' }) paymentSecret?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Removes the stored payment secret.' }) clearPaymentSecret?: boolean | null;
  @Field(() => String, { nullable: true }) paymentMode?: string | null;
  @Field(() => String, { nullable: true }) paymentPurposeSuffix?: string | null;
  @Field(() => String, { nullable: true }) bank?: string | null;
  @Field(() => String, { nullable: true }) iban?: string | null;
  @Field(() => String, { nullable: true }) bic?: string | null;
  @Field(() => String, { nullable: true }) accountHolder?: string | null;
  @Field(() => Int, { nullable: true }) daysUntilPaymentDue?: number | null;
  @Field(() => String, { nullable: true, description: 'Locker server; empty outside production: the built-in stand-in.' }) serverUrl?: string | null;
  @Field(() => String, { nullable: true, description: 'API key of the locker server. Write-only.' }) apiKey?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Removes the stored API key of the locker server.' }) clearApiKey?: boolean | null;
  @Field(() => String, { nullable: true }) lockerId?: string | null;
  @Field(() => String, { nullable: true }) user?: string | null;
  @Field(() => String, { nullable: true, description: 'Write-only.' }) password?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Removes the stored locker password.' }) clearPassword?: boolean | null;
}

@ObjectType('SchoolHoliday', { description: 'A school holiday period ("Herbstferien"); both days belong to it.' })
export class SchoolHolidayType {
  @Field() title!: string;
  @Field({ description: 'YYYY-MM-DD, the first day.' }) from!: string;
  @Field({ description: 'YYYY-MM-DD, the last day.' }) to!: string;
}

@InputType({ description: 'A school holiday period: a title of at most 200 characters, the first and the last day (YYYY-MM-DD, from not after to).' })
export class SchoolHolidayInput {
  @Field(() => String, { nullable: true }) title?: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, the first day.' }) from?: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, the last day.' }) to?: string | null;
}

@InputType({ description: 'Tenant fields to create or change; absent fields stay unchanged, secrets are write-only.' })
export class TenantInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) contactName?: string | null;
  @Field(() => String, { nullable: true }) location?: string | null;
  @Field(() => String, { nullable: true }) mail?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) website?: string | null;
  @Field(() => String, { nullable: true }) bookableDetailLink?: string | null;
  @Field(() => String, { nullable: true }) eventDetailLink?: string | null;
  @Field(() => String, { nullable: true, description: 'Short plain text, at most 2000 characters; empty removes it.' }) privacyNotice?: string | null;
  @Field(() => String, { nullable: true, description: 'An absolute https address; empty removes it.' }) privacyPolicyLink?: string | null;
  @Field(() => String, { nullable: true }) defaultEventCreationMode?: string | null;
  @Field(() => Boolean, { nullable: true }) enablePublicStatusView?: boolean | null;
  @Field(() => String, { nullable: true }) genericMailTemplate?: string | null;
  @Field(() => Boolean, { nullable: true }) useInstanceMail?: boolean | null;
  @Field(() => String, { nullable: true }) noreplyMail?: string | null;
  @Field(() => String, { nullable: true }) noreplyDisplayName?: string | null;
  @Field(() => String, { nullable: true }) noreplyHost?: string | null;
  @Field(() => Int, { nullable: true }) noreplyPort?: number | null;
  @Field(() => String, { nullable: true }) noreplyUser?: string | null;
  @Field(() => String, { nullable: true, description: 'Write-only.' }) noreplyPassword?: string | null;
  @Field(() => Boolean, { nullable: true }) clearNoreplyPassword?: boolean | null;
  @Field(() => Boolean, { nullable: true }) noreplyStarttls?: boolean | null;
  @Field(() => Boolean, { nullable: true }) noreplyUseGraphApi?: boolean | null;
  @Field(() => String, { nullable: true }) noreplyGraphTenantId?: string | null;
  @Field(() => String, { nullable: true }) noreplyGraphClientId?: string | null;
  @Field(() => String, { nullable: true, description: 'Write-only.' }) noreplyGraphClientSecret?: string | null;
  @Field(() => Boolean, { nullable: true }) clearNoreplyGraphClientSecret?: boolean | null;
  @Field(() => String, { nullable: true }) receiptTemplate?: string | null;
  @Field(() => String, { nullable: true }) receiptNumberPrefix?: string | null;
  @Field(() => String, { nullable: true }) invoiceTemplate?: string | null;
  @Field(() => String, { nullable: true }) invoiceNumberPrefix?: string | null;
  @Field(() => String, { nullable: true }) paymentPurposeSuffix?: string | null;
  @Field(() => String, { nullable: true, description: 'Steuernummer or USt-IdNr. (at most 40 characters).' }) taxId?: string | null;
  @Field(() => String, { nullable: true, description: 'The Bundesland whose public holidays a series may skip: DE-BB, DE-BE, DE-BW, DE-BY, DE-HB, DE-HE, DE-HH, DE-MV, DE-NI, DE-NW, DE-RP, DE-SH, DE-SL, DE-SN, DE-ST, DE-TH; empty for none.' })
  holidayRegion?: string | null;
  @Field(() => [SchoolHolidayInput], { nullable: true, description: 'Replaces the school holiday periods (at most 100); an empty list removes them.' })
  schoolHolidays?: SchoolHolidayInput[] | null;
  @Field(() => Int, { nullable: true }) maxBookingAdvanceInMonths?: number | null;
  @Field(() => Int, { nullable: true, description: 'Days ahead a booking may end at most (1 to 36500).' }) bookingHorizonDays?: number | null;
  @Field(() => Int, { nullable: true, description: 'Months the customer data of finished bookings is kept before it is anonymised (1 to 120).' }) retentionMonths?: number | null;
  @Field(() => Int, { nullable: true, description: "Days a booking may last at most, unless an object's own maximum is longer (1 to 36500)." }) maxBookingDays?: number | null;
  @Field(() => [TenantApplicationInput], { nullable: true, description: 'Merged by id: replaces stored entries, adds missing ones, keeps the rest.' })
  applications?: TenantApplicationInput[] | null;
}

@ObjectType({ description: 'A member of a tenant with the ids of the roles held there.' })
export class TenantMember {
  @Field() userId!: string;
  @Field(() => [String]) roles!: string[];
}

@ObjectType({ description: 'A role of the tenant, as offered when choosing roles.' })
export class TenantRoleRef {
  @Field(() => ID) id!: string;
  @Field() name!: string;
}

@ObjectType({ description: 'Members and owners of a tenant (owners need no membership).' })
export class TenantMembers {
  @Field(() => ID) tenantId!: string;
  @Field(() => [TenantMember]) users!: TenantMember[];
  @Field(() => [String], { description: 'User ids of the owners.' }) owner!: string[];
}

@ObjectType({ description: "Public: a tenant's privacy notice and the link to its privacy statement, as the booking page shows them." })
export class TenantPrivacy {
  @Field({ description: 'Short plain text; empty: none.' }) privacyNotice!: string;
  @Field({ description: 'https link to the privacy statement; empty: none.' }) privacyPolicyLink!: string;
}

@ObjectType({ description: 'An active payment application as the public checkout offers it.' })
export class PaymentApp {
  @Field(() => ID) id!: string;
  @Field() title!: string;
}


@ObjectType({ description: 'One page of the tenants the signed-in user works in, by name (tenantPage).' })
export class TenantPageType {
  @Field(() => [Tenant], { description: 'The tenants of this page.' }) items!: Tenant[];
  @Field(() => Int, { description: 'All tenants matching the search (over every page).' }) totalCount!: number;
  @Field(() => PageInfoType, { description: 'The cursor after this page and whether more follow.' }) pageInfo!: PageInfoType;
}
