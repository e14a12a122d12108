import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum WebhookDeliveryStatus {
  PENDING = 'pending',
  SUCCEEDED = 'succeeded',
  FAILED = 'failed',
}
registerEnumType(WebhookDeliveryStatus, {
  name: 'WebhookDeliveryStatus',
  description: 'PENDING: waiting for its (next) attempt; SUCCEEDED: answered with 2xx; FAILED: out of attempts, or its endpoint was disabled.',
});

@ObjectType('WebhookEndpoint', { description: "An integrator's webhook endpoint of a tenant. The signing secret is never readable after the creation." })
export class WebhookEndpointType {
  @Field(() => ID) id!: string;
  @Field(() => ID) tenantId!: string;
  @Field(() => String) url!: string;
  @Field(() => [String], { description: 'The event types sent to it (booking.created, event.deleted…).' }) events!: string[];
  @Field(() => String) description!: string;
  @Field(() => Boolean, { description: "Whether booking events carry the customer's personal data." }) includePersonalData!: boolean;
  @Field(() => ID, { nullable: true, description: 'The id of the user who registered the endpoint; null once that account was deleted.' }) createdBy!: string | null;
  @Field(() => String, { nullable: true, description: "The creator's name; null when the account no longer exists." }) createdByName!: string | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'Set while the endpoint is disabled: nothing is sent to it.' }) disabledAt!: Date | null;
  @Field(() => String, { nullable: true }) disabledReason!: string | null;
  @Field(() => Date, { nullable: true, description: 'Since when every attempt failed; three days of that disable it.' }) failingSince!: Date | null;
}

@ObjectType({ description: 'A registered webhook endpoint and its signing secret: the only time the secret is shown.' })
export class CreatedWebhookEndpoint {
  @Field(() => WebhookEndpointType) endpoint!: WebhookEndpointType;
  @Field(() => String, { description: 'The Standard Webhooks secret (whsec_…) to verify the webhook-signature header with. Shown only now.' }) secret!: string;
}

@InputType({ description: 'A webhook endpoint: its URL (https in production, never a private address), at least one event type, a description.' })
export class WebhookEndpointInput {
  @Field(() => String) url!: string;
  @Field(() => [String]) events!: string[];
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Boolean, { nullable: true, description: "Booking events carry the customer's name, address and contact (default false)." }) includePersonalData?: boolean | null;
}

@ObjectType('WebhookDelivery', { description: 'One event to one endpoint, with the outcome of its last attempt.' })
export class WebhookDeliveryType {
  @Field(() => ID) id!: string;
  @Field(() => ID) endpointId!: string;
  @Field(() => String, { description: 'The webhook-id header: the same for every attempt and redelivery of the event.' }) eventId!: string;
  @Field(() => String) eventType!: string;
  @Field(() => WebhookDeliveryStatus) status!: WebhookDeliveryStatus;
  @Field(() => Int) attempts!: number;
  @Field(() => Int, { nullable: true }) lastStatusCode!: number | null;
  @Field(() => Int, { nullable: true }) lastDurationMs!: number | null;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field(() => Date, { nullable: true }) nextAttemptAt!: Date | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true }) deliveredAt!: Date | null;
  @Field(() => String, { description: 'The body sent, as JSON text: { type, timestamp, data }.' }) body!: string;
}

@ObjectType({ description: "A page of an endpoint's delivery log, newest first." })
export class WebhookDeliveryPage {
  @Field(() => [WebhookDeliveryType]) nodes!: WebhookDeliveryType[];
  @Field(() => String, { nullable: true, description: 'Pass as after for the next (older) page; null on the last page.' }) endCursor!: string | null;
}
