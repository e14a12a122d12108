import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { BookingType } from '../bookings/booking.types.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import { tenantLoaderOf } from '../shared/graphql/batch.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { requireViewer } from '../users/actor.js';
import { isDocumentKind } from './document-number.js';
import { DocumentKindType, ReceiptType } from './receipt.types.js';

/** The documents on a booking: staff who may read it (the rule checks the booking itself). */
@Resolver(() => BookingType)
export class BookingReceiptsResolver {
  @Auth(AuthRule.BOOKING_READER)
  @FieldResolver(() => [ReceiptType], { description: 'Receipts and invoices issued for the booking, oldest first.' })
  async receipts(@Root() booking: BookingType, @Ctx() context: GraphQLContext): Promise<ReceiptType[]> {
    // A bookings page reads the receipts of all its bookings together.
    const receipts = tenantLoaderOf(context, 'bookingReceipts', (tenantId, numbers) => context.services.receipts.listOfBookings(tenantId, numbers));
    return (await receipts.load(booking.tenantId, booking.id)) ?? [];
  }
}

/** Receipts over GraphQL; the same service as REST api/{tenantId}/bookings/:id/receipt. */
@Resolver()
export class ReceiptResolver {
  @Auth(AuthRule.BOOKING_UPDATER)
  @Mutation(() => ReceiptType, { description: '"Zahlungsbeleg erstellen": a new receipt (revision) for the booking, or its newest receipt (isNew false) when the new one would print the same; update right on it.' })
  async createReceipt(@Arg('tenantId', () => ID) tenantId: string, @Arg('bookingId', () => ID) bookingId: string, @Ctx() context: GraphQLContext): Promise<ReceiptType> {
    return context.services.receipts.create(await requireViewer(context), tenantId, bookingId, 'graphql');
  }

  @Auth(AuthRule.BOOKING_UPDATER)
  @Mutation(() => ReceiptType, {
    description:
      '"Rechnung erstellen": the invoice of the booking\'s current amount for this booking alone (a date of a series too); the invoice issued before for the same amount (isNew false) when there is one, a revision when the amount changed. No mail is sent. Update right on the booking.',
  })
  async createInvoice(@Arg('tenantId', () => ID) tenantId: string, @Arg('bookingId', () => ID) bookingId: string, @Ctx() context: GraphQLContext): Promise<ReceiptType> {
    return context.services.receipts.createInvoice(await requireViewer(context), tenantId, bookingId, 'graphql');
  }

  @Auth(AuthRule.TENANT_OWNER)
  @Query(() => String, {
    description: "The tenant editor's \"Vorschau\": the template (empty: the tenant's, else the bundled one) filled with sample data, as base64 PDF. RECEIPT_TEMPLATE_INVALID without the HTML skeleton.",
  })
  async documentTemplatePreview(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('kind', () => DocumentKindType, { defaultValue: DocumentKindType.receipt }) kind: DocumentKindType,
    @Arg('template', () => String, { nullable: true }) template: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<string> {
    const pdf = await context.services.receipts.preview(await requireViewer(context), tenantId, isDocumentKind(kind) ? kind : 'receipt', template);
    return pdf.toString('base64');
  }

  @Auth(AuthRule.TENANT_OWNER)
  @Query(() => String, {
    description:
      "The tenant editor's \"Vorschau\" as shown: the same filled template as documentTemplatePreview, as HTML (the editor frames it sandboxed). RECEIPT_TEMPLATE_INVALID without the HTML skeleton.",
  })
  async documentTemplatePreviewHtml(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('kind', () => DocumentKindType, { defaultValue: DocumentKindType.receipt }) kind: DocumentKindType,
    @Arg('template', () => String, { nullable: true }) template: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<string> {
    return context.services.receipts.previewHtml(await requireViewer(context), tenantId, isDocumentKind(kind) ? kind : 'receipt', template);
  }
}
