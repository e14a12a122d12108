import { Arg, Ctx, Field, ID, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../shared/graphql/context.js';

@ObjectType('PaymentStart', { description: 'A started payment: where to send the browser, or nothing to do online (invoice).' })
export class PaymentStartType {
  @Field(() => String, { nullable: true, description: 'giroCockpit, pmPayment or invoice; null when the booking names no provider (nothing to start).' }) provider!: string | null;
  @Field(() => String, { nullable: true, description: "The provider's payment page; null for the invoice, which is mailed instead." }) redirectUrl!: string | null;
  @Field(() => String, { nullable: true, description: 'invoice: the number of the invoice of this amount once issued; null while it is being issued or for other providers.' })
  invoiceNumber!: string | null;
  @Field(() => Boolean, { description: 'invoice: true when the invoice had been asked for before (issued or on its way; nothing new was mailed).' }) invoiceRequestedBefore!: boolean;
}

/**
 * Payments over GraphQL; the same service as REST api/{tenantId}/payments. Public like the REST
 * start: anyone holding the booking number may pay it, but only a released, unpaid booking.
 * The providers' notifications and the browser's return stay REST (the providers call URLs).
 */
@Resolver()
export class PaymentResolver {
  @Mutation(() => PaymentStartType, {
    description:
      'Starts the payment of a released, unpaid booking with its provider. Errors: PAYMENT_BOOKING_NOT_FOUND, PAYMENT_NOT_RELEASED ("nicht freigegeben"), PAYMENT_ALREADY_PAID ("bereits bezahlt"), PAYMENT_PROVIDER_UNAVAILABLE, PAYMENT_PROVIDER_ERROR.',
  })
  async startPayment(@Arg('tenantId', () => ID) tenantId: string, @Arg('bookingId', () => ID) bookingId: string, @Ctx() { services }: GraphQLContext): Promise<PaymentStartType> {
    const started = await services.payments.start(tenantId, bookingId);
    return { provider: started.provider, redirectUrl: started.redirectUrl, invoiceNumber: started.invoice?.number ?? null, invoiceRequestedBefore: started.invoice?.requestedBefore ?? false };
  }
}
