import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A booking on the board and when it entered its state.' })
export class WorkflowTask {
  @Field(() => ID) id!: string;
  @Field(() => Float, { nullable: true, description: 'Epoch milliseconds.' }) added!: number | null;
}

@ObjectType({ description: 'What happens when a booking enters a state.' })
export class WorkflowAction {
  @Field({ description: 'email or bookingStatus.' }) type!: string;
  @Field(() => String, { nullable: true, description: 'email: user or role.' }) receiverType!: string | null;
  @Field(() => [String], { description: 'email: user ids or role ids.' }) sendTo!: string[];
  @Field(() => [String], { description: 'bookingStatus: commit, paid, reject.' }) bookingStatus!: string[];
}

@ObjectType()
export class WorkflowState {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => [WorkflowTask]) tasks!: WorkflowTask[];
  @Field(() => [WorkflowAction]) actions!: WorkflowAction[];
}

@ObjectType({ description: 'The booking workflow of a tenant; without one, the empty inactive workflow (id null).' })
export class WorkflowType {
  @Field(() => ID, { nullable: true }) id!: string | null;
  @Field(() => ID) tenantId!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field() active!: boolean;
  @Field({ description: 'Id of the state new bookings start in; empty for none.' }) defaultState!: string;
  @Field(() => [WorkflowState]) states!: WorkflowState[];
  @Field(() => [WorkflowTask]) archive!: WorkflowTask[];
}

@InputType()
export class WorkflowActionInput {
  @Field() type!: string;
  @Field(() => String, { nullable: true }) receiverType?: string | null;
  @Field(() => [String], { nullable: true }) sendTo?: string[] | null;
  @Field(() => [String], { nullable: true }) bookingStatus?: string[] | null;
}

@InputType()
export class WorkflowStateInput {
  @Field(() => ID, { nullable: true, description: 'Kept states keep their bookings; new states get a generated id when none is sent.' }) id?: string | null;
  @Field() name!: string;
  @Field(() => [WorkflowActionInput], { nullable: true }) actions?: WorkflowActionInput[] | null;
}

@InputType({ description: 'The configuration part of a workflow; states are replaced in the given order.' })
export class WorkflowInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Boolean, { nullable: true }) active?: boolean | null;
  @Field(() => String, { nullable: true }) defaultState?: string | null;
  @Field(() => [WorkflowStateInput], { nullable: true }) states?: WorkflowStateInput[] | null;
}
