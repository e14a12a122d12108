import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { lexicographicSortSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { BookableResolver } from './bookables/bookable.resolver.js';
import { BookingBoardResolver } from './bookings/booking-board.resolver.js';
import { BookingResolver } from './bookings/booking.resolver.js';
import { BookingHistoryResolver } from './bookings/booking-history.resolver.js';
import { MailTemplatePreviewResolver } from './bookings/mail-template-preview.resolver.js';
import { ApiTokenResolver } from './tokens/api-token.resolver.js';
import { CalendarFeedResolver } from './feeds/calendar-feed.resolver.js';
import { WebhookResolver } from './webhooks/webhook.resolver.js';
import { CouponResolver } from './coupons/coupon.resolver.js';
import { EventResolver } from './events/event.resolver.js';
import { EventSeatsResolver, EventSeatsSoldResolver } from './events/event-seats.resolver.js';
import { BookingItemEventResolver, TicketEventResolver } from './events/ticket-event.resolver.js';
import { FileResolver } from './files/file.resolver.js';
import { InstanceResolver } from './instance/instance.resolver.js';
import { PaymentResolver } from './payments/payment.resolver.js';
import { TestPaymentResolver } from './payments/test-payment.resolver.js';
import { BookingPortalResolver } from './portal/portal.resolver.js';
import { PrivacyResolver } from './privacy/privacy.resolver.js';
import { BookingReceiptsResolver, ReceiptResolver } from './receipts/receipt.resolver.js';
import { RoleResolver } from './roles/role.resolver.js';
import { EventLinkResolver } from './snippets/event-link.resolver.js';
import { SsoResolver } from './sso/sso.resolver.js';
import { TenantChangeLogResolver } from './tenants/tenant-change-log.resolver.js';
import { TenantMemberResolver, TenantResolver } from './tenants/tenant.resolver.js';
import { AuthResolver } from './users/auth.resolver.js';
import { UserResolver } from './users/user.resolver.js';
import { AccountResolver } from './users/account.resolver.js';
import { TenantUpdateResolver } from './workflow/tenant-update.resolver.js';
import { WorkflowResolver } from './workflow/workflow.resolver.js';
import type { AppPubSub } from './shared/pubsub.js';
import { authChecker, authDirective } from './shared/graphql/auth.js';

/** Every resolver, one per domain. */
const resolvers = [AuthResolver, TenantResolver, InstanceResolver, UserResolver, AccountResolver, SsoResolver, TenantMemberResolver, TenantChangeLogResolver, TenantUpdateResolver, WorkflowResolver, RoleResolver, CouponResolver, FileResolver, BookableResolver, EventResolver, EventSeatsResolver, EventSeatsSoldResolver, EventLinkResolver, TicketEventResolver, BookingPortalResolver, BookingResolver, BookingHistoryResolver, BookingItemEventResolver, BookingBoardResolver, PaymentResolver, TestPaymentResolver, ReceiptResolver, BookingReceiptsResolver, MailTemplatePreviewResolver, PrivacyResolver, ApiTokenResolver, CalendarFeedResolver, WebhookResolver] as const;

export function buildAppSchema(pubSub?: AppPubSub): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers,
    authChecker,
    directives: [authDirective],
    validate: false,
    // Outside a running server (schema emission) nothing is published.
    pubSub: pubSub ?? { publish: () => undefined, subscribe: () => (async function* () {})() },
  });
}

/** The checked-in schema.graphql: sorted, with the @auth directive on every guarded field. */
export function printAppSchema(schema: GraphQLSchema): string {
  return `${printSchemaWithDirectives(lexicographicSortSchema(schema)).trim()}\n`;
}
