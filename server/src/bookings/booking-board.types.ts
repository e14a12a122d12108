import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BookingType } from './booking.types.js';

/** A booking's card on the kanban board, where it is now. */
@ObjectType('WorkflowCard', { description: 'A booking on the kanban board: its place and the booking itself.' })
export class WorkflowCardType {
  @Field(() => ID, { description: 'The booking number.' }) id!: string;
  @Field(() => ID) tenantId!: string;
  @Field(() => ID, { nullable: true, description: 'The state it is in; null in the backlog and the archive.' }) stateId!: string | null;
  @Field() archived!: boolean;
  @Field(() => Int, { nullable: true, description: 'Its place in the state, 0 at the top; null outside the states.' }) index!: number | null;
  @Field(() => Date, { nullable: true, description: 'When it entered its state or the archive.' }) enteredAt!: Date | null;
  @Field(() => BookingType, { nullable: true, description: 'Null when the booking no longer exists or the viewer may not read it.' }) booking!: BookingType | null;
}

@ObjectType('WorkflowColumn', { description: 'A state of the workflow with its cards from top to bottom.' })
export class WorkflowColumnType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => [WorkflowCardType]) cards!: WorkflowCardType[];
}

@ObjectType('WorkflowBoard', { description: 'The kanban board: the states in order with their cards; the backlog is bookings(backlog: true).' })
export class WorkflowBoardType {
  @Field(() => ID) tenantId!: string;
  @Field() active!: boolean;
  @Field(() => [WorkflowColumnType]) states!: WorkflowColumnType[];
}

export enum WorkflowCardChangeKind {
  MOVED = 'MOVED',
  BOARD = 'BOARD',
}
registerEnumType(WorkflowCardChangeKind, {
  name: 'WorkflowCardChangeKind',
  valuesConfig: { MOVED: { description: 'A card changed its place.' }, BOARD: { description: 'The states changed: read the board again.' } },
});

@ObjectType('WorkflowCardChange')
export class WorkflowCardChangeType {
  @Field(() => WorkflowCardChangeKind) kind!: WorkflowCardChangeKind;
  @Field(() => WorkflowCardType, { nullable: true, description: 'The card at its new place (MOVED).' }) card!: WorkflowCardType | null;
}
