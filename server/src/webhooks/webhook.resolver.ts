import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { requireViewer } from '../users/actor.js';
import { CreatedWebhookEndpoint, WebhookDeliveryPage, WebhookDeliveryType, WebhookEndpointInput, WebhookEndpointType } from './webhook.types.js';
import type { WebhookDeliveryView } from './webhook.service.js';

/** Plain object copy of a GraphQL input (type-graphql builds class instances with undefined fields). */
const plain = (input: object): Record<string, unknown> => ({ ...input });
const delivery = (view: WebhookDeliveryView): WebhookDeliveryType => view as unknown as WebhookDeliveryType;

/** Webhooks of integrators over GraphQL (docs/integrators.md, "Webhooks"); the rules live in WebhookService. */
@Resolver()
export class WebhookResolver {
  @Auth(AuthRule.WEBHOOK_MANAGER)
  @Query(() => [WebhookEndpointType], { description: "The tenant's webhook endpoints, newest first." })
  async webhookEndpoints(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<WebhookEndpointType[]> {
    return context.services.webhooks.list(await requireViewer(context), tenantId);
  }

  @Auth(AuthRule.WEBHOOK_MANAGER)
  @Mutation(() => CreatedWebhookEndpoint, { description: 'Registers a webhook endpoint; the answer holds its signing secret, which is never shown again.' })
  async createWebhookEndpoint(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('input', () => WebhookEndpointInput) input: WebhookEndpointInput,
    @Ctx() context: GraphQLContext,
  ): Promise<CreatedWebhookEndpoint> {
    return context.services.webhooks.create(await requireViewer(context), tenantId, plain(input));
  }

  @Auth(AuthRule.WEBHOOK_MANAGER)
  @Mutation(() => WebhookEndpointType, { description: 'Changes a webhook endpoint; enabled true turns a disabled one on again, false disables it.' })
  async updateWebhookEndpoint(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => WebhookEndpointInput) input: WebhookEndpointInput,
    @Arg('enabled', () => Boolean, { nullable: true }) enabled: boolean | null,
    @Ctx() context: GraphQLContext,
  ): Promise<WebhookEndpointType> {
    return context.services.webhooks.update(await requireViewer(context), id, plain(input), enabled);
  }

  @Auth(AuthRule.WEBHOOK_MANAGER)
  @Mutation(() => ID, { description: 'Deletes a webhook endpoint with its delivery log; answers its id.' })
  async deleteWebhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<string> {
    return context.services.webhooks.remove(await requireViewer(context), id);
  }

  @Auth(AuthRule.WEBHOOK_MANAGER)
  @Query(() => WebhookDeliveryPage, { description: "An endpoint's delivery log, newest first." })
  async webhookDeliveries(
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<WebhookDeliveryPage> {
    const page = await context.services.webhooks.deliveries(await requireViewer(context), endpointId, first ?? 20, after);
    return { nodes: page.nodes.map(delivery), endCursor: page.endCursor };
  }

  @Auth(AuthRule.WEBHOOK_MANAGER)
  @Mutation(() => WebhookDeliveryType, { description: 'Sends a delivery again ("Erneut senden"); pressed twice, still one new attempt.' })
  async redeliverWebhook(@Arg('deliveryId', () => ID) deliveryId: string, @Ctx() context: GraphQLContext): Promise<WebhookDeliveryType> {
    return delivery(await context.services.webhooks.redeliver(await requireViewer(context), deliveryId));
  }

  @Auth(AuthRule.WEBHOOK_MANAGER)
  @Mutation(() => WebhookDeliveryType, { description: 'Queues a webhook.test event to the endpoint ("Testereignis senden").' })
  async sendTestWebhook(@Arg('endpointId', () => ID) endpointId: string, @Ctx() context: GraphQLContext): Promise<WebhookDeliveryType> {
    return delivery(await context.services.webhooks.sendTest(await requireViewer(context), endpointId));
  }
}
