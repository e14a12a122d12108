import { MapperKind, mapSchema, printSchemaWithDirectives } from '@graphql-tools/utils';
import { Kind, lexicographicSortSchema, specifiedDirectives, type GraphQLFieldConfig, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { BookableResolver } from './bookables/bookable.resolver.js';
import { BookingBoardResolver } from './bookings/booking-board.resolver.js';
import { BookingResolver } from './bookings/booking.resolver.js';
import { BookingHistoryResolver } from './bookings/booking-history.resolver.js';
import { BookingCancellationResolver } from './bookings/booking-cancellation.resolver.js';
import { MailTemplatePreviewResolver } from './bookings/mail-template-preview.resolver.js';
import { ApiTokenResolver } from './tokens/api-token.resolver.js';
import { CalendarFeedResolver } from './feeds/calendar-feed.resolver.js';
import { WebhookResolver } from './webhooks/webhook.resolver.js';
import { CouponResolver } from './coupons/coupon.resolver.js';
import { EventResolver } from './events/event.resolver.js';
import { EventSeatsResolver, EventSeatsSoldResolver } from './events/event-seats.resolver.js';
import { BookingItemEventResolver, TicketEventResolver, TicketEventTicketsResolver } from './events/ticket-event.resolver.js';
import { FileResolver } from './files/file.resolver.js';
import { InstanceResolver } from './instance/instance.resolver.js';
import { PaymentResolver } from './payments/payment.resolver.js';
import { TestPaymentResolver } from './payments/test-payment.resolver.js';
import { BookingPortalResolver } from './portal/portal.resolver.js';
import { PrivacyResolver } from './privacy/privacy.resolver.js';
import { TicketCheckInResolver } from './bookings/ticket-check-in.resolver.js';
import { GuestBookingsResolver, MyBookingsResolver } from './bookings/my-bookings.resolver.js';
import { BookingSeriesResolver } from './bookings/series/booking-series.resolver.js';
import { AllocationResolver } from './allocation/allocation.resolver.js';
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
import { authChecker, authDirective, AuthRule, authRuleSentence, scopeTokensToTheirTenant } from './shared/graphql/auth.js';

/** Every resolver, one per domain. */
const resolvers = [AuthResolver, TenantResolver, InstanceResolver, UserResolver, AccountResolver, SsoResolver, TenantMemberResolver, TenantChangeLogResolver, TenantUpdateResolver, WorkflowResolver, RoleResolver, CouponResolver, FileResolver, BookableResolver, EventResolver, EventSeatsResolver, EventSeatsSoldResolver, EventLinkResolver, TicketEventResolver, TicketEventTicketsResolver, BookingPortalResolver, BookingResolver, BookingHistoryResolver, BookingCancellationResolver, BookingItemEventResolver, BookingBoardResolver, BookingSeriesResolver, MyBookingsResolver, GuestBookingsResolver, AllocationResolver, TicketCheckInResolver, PaymentResolver, TestPaymentResolver, ReceiptResolver, BookingReceiptsResolver, MailTemplatePreviewResolver, PrivacyResolver, ApiTokenResolver, CalendarFeedResolver, WebhookResolver] as const;

/** The rules a field's `@auth(requires: …)` directives name. */
export function authRulesOf(field: Pick<GraphQLFieldConfig<unknown, unknown>, 'astNode'>): AuthRule[] {
  const rules: AuthRule[] = [];
  for (const directive of field.astNode?.directives ?? []) {
    if (directive.name.value !== 'auth') continue;
    const value = directive.arguments?.find((argument) => argument.name.value === 'requires')?.value;
    if (value?.kind === Kind.ENUM && Object.hasOwn(AuthRule, value.value)) rules.push(value.value as AuthRule);
  }
  return rules;
}

/**
 * Introspection (GraphiQL, codegen, clients) does not carry directives: every guarded field's
 * description ends with its rule and what the rule means, so the rights show where the field does.
 */
export function describeGuardedFields(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.COMPOSITE_FIELD]: (field) => {
      const rules = authRulesOf(field);
      if (rules.length === 0) return field;
      const sentences = rules.map(authRuleSentence).join(' ');
      return { ...field, description: field.description ? `${field.description}\n\n${sentences}` : sentences };
    },
  });
}

export async function buildAppSchema(pubSub?: AppPubSub): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers,
    authChecker,
    // The standard directives (@include, @skip, @deprecated, …) stay: naming one's own replaces the list.
    directives: [...specifiedDirectives, authDirective],
    validate: false,
    // Outside a running server (schema emission) nothing is published.
    pubSub: pubSub ?? { publish: () => undefined, subscribe: () => (async function* () {})() },
  });
  return scopeTokensToTheirTenant(describeGuardedFields(schema));
}

/** The checked-in schema.graphql: sorted, with the @auth directive on every guarded field. */
export function printAppSchema(schema: GraphQLSchema): string {
  return `${printSchemaWithDirectives(lexicographicSortSchema(schema)).trim()}\n`;
}
