import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, registerEnumType, Resolver } from 'type-graphql';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { requireViewer } from '../users/actor.js';

export enum TicketCheckInStatus {
  CHECKED_IN = 'CHECKED_IN',
  ALREADY_USED = 'ALREADY_USED',
  UNKNOWN = 'UNKNOWN',
  NOT_VALID = 'NOT_VALID',
}
registerEnumType(TicketCheckInStatus, {
  name: 'TicketCheckInStatus',
  valuesConfig: {
    CHECKED_IN: { description: 'Admitted now; the code is used from now on.' },
    ALREADY_USED: { description: 'The code was used before (usedAt says when).' },
    UNKNOWN: { description: 'No ticket of this tenant has this code.' },
    NOT_VALID: { description: 'The booking of the ticket was cancelled or rejected.' },
  },
});

@ObjectType('TicketCheckIn', { description: 'The answer to a scanned or typed entry code.' })
export class TicketCheckInType {
  @Field(() => TicketCheckInStatus) status!: TicketCheckInStatus;
  @Field(() => Date, { nullable: true, description: 'When the code was used: now (CHECKED_IN) or before (ALREADY_USED).' }) usedAt!: Date | null;
  @Field(() => String, { nullable: true }) eventName!: string | null;
  @Field(() => String, { nullable: true, description: 'The booked ticket ("Erwachsene").' }) ticketType!: string | null;
  @Field(() => String, { nullable: true, description: "The booking's name (and company)." }) holderName!: string | null;
  @Field(() => String, { nullable: true }) bookingNumber!: string | null;
  @Field(() => Int, { nullable: true, description: 'Ticket n …' }) position!: number | null;
  @Field(() => Int, { nullable: true, description: '… of m.' }) ofCount!: number | null;
}

@Resolver()
export class TicketCheckInResolver {
  @Auth(AuthRule.BOOKING_UPDATER)
  @Mutation(() => TicketCheckInType, { description: 'The door: checks a ticket\'s entry code (the code or the link of its QR code) and marks it used, once.' })
  async checkInTicket(@Arg('tenantId', () => ID) tenantId: string, @Arg('code', () => String) code: string, @Ctx() context: GraphQLContext): Promise<TicketCheckInType> {
    const result = await context.services.ticketCheckIn.checkIn(await requireViewer(context), tenantId, code);
    return { ...result, status: TicketCheckInStatus[result.status] };
  }
}
