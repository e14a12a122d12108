import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { DocumentKind } from './document-number.js';

export enum DocumentKindType {
  receipt = 'receipt',
  invoice = 'invoice',
}
registerEnumType(DocumentKindType, { name: 'DocumentKind', description: 'A payment receipt ("Zahlungsbeleg") or an invoice ("Rechnung").' });

@ObjectType('Receipt', { description: 'A receipt or invoice issued for a booking, as PDF.' })
export class ReceiptType {
  @Field(() => ID) id!: string;
  @Field(() => DocumentKindType) kind!: DocumentKind;
  @Field(() => String, { description: '"{prefix}-{year}-{NNNN}-{revision}".' }) number!: string;
  @Field(() => String) fileName!: string;
  @Field(() => Int) revision!: number;
  @Field(() => Date) createdAt!: Date;
  @Field(() => String, { description: 'The PDF for staff with read rights on the booking (session cookie).' }) downloadUrl!: string;
  @Field(() => Boolean, {
    description: 'True when the request that answered it issued it (createReceipt, createInvoice); false for a document that existed before: createReceipt\'s answer when nothing on the receipt changed, createInvoice\'s when the invoice of the same amount exists, every listed one.',
  })
  isNew!: boolean;
}
