import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { StaffEventType } from '../events/event.types.js';
import { tenantLoaderOf } from '../shared/graphql/batch.js';
import type { GraphQLContext } from '../shared/graphql/context.js';

/** The link of an event for its staff: what the wizard offers to copy after saving. */
@Resolver(() => StaffEventType)
export class EventLinkResolver {
  @FieldResolver(() => String, {
    description:
      "The address through which the event is reached and its tickets booked, also when it is not listed publicly (attendees.publicEvent false): the tenant's event page with ?bkid={id} when configured, otherwise {PUBLIC_URL}/html/{tenantId}/events/{id}. Works once the event is visible (isPublic).",
  })
  async directLink(@Root() event: StaffEventType, @Ctx() context: GraphQLContext): Promise<string> {
    // An events list reads the tenant's link settings once, not once per event.
    const links = tenantLoaderOf(context, 'eventLinks', (tenantId, eventIds) => context.services.snippets.eventLinks(tenantId, eventIds));
    return (await links.load(event.tenantId, event.id)) ?? context.services.snippets.eventLink(event.tenantId, event.id);
  }
}
