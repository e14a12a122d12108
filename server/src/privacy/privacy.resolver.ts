import { Arg, Ctx, Field, Float, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { requireViewer } from '../users/actor.js';
import type { ErasureResult } from './privacy.service.js';
import type { PersonalDataReport } from './personal-data.js';

@ObjectType('PersonalDataChange', { description: 'One changed field of a history entry, its values as the staff timeline shows them.' })
class PersonalDataChangeType {
  @Field() field!: string;
  @Field({ description: 'German name of the field.' }) label!: string;
  @Field() before!: string;
  @Field() after!: string;
}

@ObjectType('PersonalDataHistoryEntry')
class PersonalDataHistoryEntryType {
  @Field(() => Date) at!: Date;
  @Field() action!: string;
  @Field({ description: 'German name of the action.' }) actionLabel!: string;
  @Field({ description: 'Who acted, as the timeline names them.' }) actor!: string;
  @Field() via!: string;
  @Field(() => [PersonalDataChangeType]) changes!: PersonalDataChangeType[];
  @Field(() => String, { nullable: true }) reason!: string | null;
}

@ObjectType('PersonalDataMail', { description: 'A booking mail sent (or failed) to the address.' })
class PersonalDataMailType {
  @Field(() => Date) at!: Date;
  @Field() kind!: string;
  @Field() label!: string;
  @Field() sent!: boolean;
}

@ObjectType('PersonalDataReceipt')
class PersonalDataReceiptType {
  @Field({ description: 'receipt or invoice.' }) kind!: string;
  @Field() number!: string;
  @Field(() => Date) issuedAt!: Date;
  @Field({ description: 'The last day it must be kept (§ 147 AO), YYYY-MM-DD.' }) keptUntil!: string;
}

@ObjectType('PersonalDataItem')
class PersonalDataItemType {
  @Field() title!: string;
  @Field(() => Int) amount!: number;
  @Field(() => Date, { nullable: true }) timeBegin!: Date | null;
  @Field(() => Date, { nullable: true }) timeEnd!: Date | null;
  @Field(() => Float, { description: 'Gross unit price in euros.' }) grossPriceEur!: number;
}

@ObjectType('PersonalDataBooking')
class PersonalDataBookingType {
  @Field(() => ID, { description: 'The booking number.' }) id!: string;
  @Field() status!: string;
  @Field() paymentStatus!: string;
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
  @Field(() => String, { nullable: true }) couponCode!: string | null;
  @Field(() => Float) priceEur!: number;
  @Field(() => Float) vatIncludedEur!: number;
  @Field() paymentMethod!: string;
  @Field() isCommitted!: boolean;
  @Field() isPayed!: boolean;
  @Field() isRejected!: boolean;
  @Field(() => String, { nullable: true, description: 'full or keep-accounting once anonymised.' }) anonymisedMode!: string | null;
  @Field(() => [PersonalDataItemType]) items!: PersonalDataItemType[];
  @Field(() => [PersonalDataReceiptType]) receipts!: PersonalDataReceiptType[];
  @Field(() => [PersonalDataHistoryEntryType], { description: 'Oldest first.' }) history!: PersonalDataHistoryEntryType[];
  @Field(() => [PersonalDataMailType]) mails!: PersonalDataMailType[];
}

@ObjectType('PersonalDataDeletedBooking', { description: 'A deleted booking whose history (which outlives it) still names the address; anonymised by the retention job like any other.' })
class PersonalDataDeletedBookingType {
  @Field(() => ID, { description: 'The booking number.' }) id!: string;
  @Field(() => Date) deletedAt!: Date;
  @Field(() => [PersonalDataHistoryEntryType], { description: 'Oldest first; the last `deleted` entry lists what the booking held.' }) history!: PersonalDataHistoryEntryType[];
  @Field(() => [PersonalDataMailType]) mails!: PersonalDataMailType[];
}

@ObjectType('PersonalData', { description: 'What a tenant holds about a mail address (Art. 15 GDPR).' })
class PersonalDataType {
  @Field(() => ID) tenantId!: string;
  @Field() tenantName!: string;
  @Field() mail!: string;
  @Field(() => Date) generatedAt!: Date;
  @Field(() => [PersonalDataBookingType]) bookings!: PersonalDataBookingType[];
  @Field(() => [PersonalDataDeletedBookingType]) deletedBookings!: PersonalDataDeletedBookingType[];
}

@ObjectType('ErasedBooking')
class ErasedBookingType {
  @Field(() => ID) id!: string;
  @Field({ description: 'erased, or restricted (the accounting data is kept while a receipt must be kept).' }) outcome!: string;
  @Field(() => String, { nullable: true, description: 'Why data is kept, in German.' }) reason!: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD: the last day receipts must be kept.' }) keptUntil!: string | null;
}

@ObjectType('PersonalDataErasure', { description: 'What an erasure (Art. 17 GDPR) did.' })
class PersonalDataErasureType {
  @Field() mail!: string;
  @Field(() => Int) erased!: number;
  @Field(() => Int) restricted!: number;
  @Field(() => [ErasedBookingType]) bookings!: ErasedBookingType[];
}

/** Art. 15 and 17 over GraphQL: the same service as REST api/{tenantId}/personal-data. */
@Resolver()
export class PrivacyResolver {
  @Auth(AuthRule.TENANT_OWNER)
  @Query(() => PersonalDataType, { description: 'Everything the tenant holds about the mail address (case-insensitive); GENERIC_VALIDATION for a malformed address. The PDF: GET /api/{tenantId}/personal-data?mail=…&format=pdf.' })
  async personalData(@Arg('tenantId', () => ID) tenantId: string, @Arg('mail') mail: string, @Ctx() context: GraphQLContext): Promise<PersonalDataReport> {
    return context.services.privacy.personalData(await requireViewer(context), tenantId, mail);
  }

  @Auth(AuthRule.TENANT_OWNER)
  @Mutation(() => PersonalDataErasureType, {
    description: 'Anonymises every booking of the mail address now. PRIVACY_BOOKING_RUNNING (nothing changed) while one still runs or its payment is open; bookings with a receipt inside its period keep name and address (restricted).',
  })
  async erasePersonalData(@Arg('tenantId', () => ID) tenantId: string, @Arg('mail') mail: string, @Ctx() context: GraphQLContext): Promise<ErasureResult> {
    return context.services.privacy.erase(await requireViewer(context), tenantId, mail, 'graphql');
  }
}
