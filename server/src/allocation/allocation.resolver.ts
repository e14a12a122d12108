import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { AppError } from '../shared/errors.js';
import {
  AllocationApplicationInput,
  AllocationApplicationType,
  AllocationDecisionInput,
  AllocationGridType,
  AllocationRoundDetailType,
  AllocationRoundInput,
  AllocationRoundType,
  AllocationWishType,
} from './allocation.types.js';

/** Allocation rounds over GraphQL; the same service as REST api/{tenantId}/allocation-rounds. */
@Resolver()
export class AllocationResolver {
  @Query(() => [AllocationRoundType], { description: 'Rounds whose application window is open now: title, season, objects with their titles, window. Open to everyone.' })
  async openAllocationRounds(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<AllocationRoundType[]> {
    return context.services.allocation.openRounds(tenantId);
  }

  @Auth(AuthRule.BOOKING_READER)
  @Query(() => [AllocationRoundType], { description: "Every round of the tenant, latest season first (staff who read all bookings: manageBookings readAny)." })
  async allocationRounds(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<AllocationRoundType[]> {
    return context.services.allocation.listRounds(await context.viewer(), tenantId);
  }

  @Auth(AuthRule.ALLOCATION_READER)
  @Query(() => AllocationRoundDetailType, {
    description: 'A round with every application and wish, per wish its conflicts (other wishes and grants on the same object, weekday and times; season dates taken, closed or holidays), and the history. ALLOCATION_NOT_FOUND for an unknown round; needs manageBookings readAny.',
  })
  async allocationRound(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<AllocationRoundDetailType> {
    return context.services.allocation.round(await context.viewer(), tenantId, id);
  }

  @Auth(AuthRule.ALLOCATION_READER)
  @Query(() => AllocationGridType, { description: "The allocation screen's grid: per object of the round, weekday and hour, the wishes and grants in it and whether they conflict." })
  async allocationGrid(@Arg('tenantId', () => ID) tenantId: string, @Arg('roundId', () => ID) roundId: string, @Ctx() context: GraphQLContext): Promise<AllocationGridType> {
    return context.services.allocation.grid(await context.viewer(), tenantId, roundId);
  }

  @Auth(AuthRule.ACCOUNT_HOLDER)
  @Query(() => [AllocationApplicationType], { description: "The signed-in account's applications to the tenant's rounds, with each wish's decision and reason." })
  async myAllocationApplications(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<AllocationApplicationType[]> {
    return context.services.allocation.myApplications(await context.viewer(), tenantId);
  }

  @Auth(AuthRule.ALLOCATION_MANAGER)
  @Mutation(() => AllocationRoundType, { description: 'Opens a round (state OPEN). GENERIC_VALIDATION names wrong fields; needs manageBookings updateAny.' })
  async createAllocationRound(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => AllocationRoundInput) input: AllocationRoundInput, @Ctx() context: GraphQLContext): Promise<AllocationRoundType> {
    return context.services.allocation.createRound(await context.viewer(), tenantId, input);
  }

  @Auth(AuthRule.ALLOCATION_MANAGER)
  @Mutation(() => AllocationRoundType, { description: 'Changes a round (input.id); ALLOCATION_ROUND_PUBLISHED once published.' })
  async updateAllocationRound(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => AllocationRoundInput) input: AllocationRoundInput, @Ctx() context: GraphQLContext): Promise<AllocationRoundType> {
    return context.services.allocation.updateRound(await context.viewer(), tenantId, requiredId(input.id), input);
  }

  @Auth(AuthRule.ACCOUNT_HOLDER)
  @Mutation(() => AllocationApplicationType, {
    description: 'Applies to the round input.roundId as the signed-in account, during the window: ALLOCATION_WINDOW_CLOSED outside it, ALLOCATION_ALREADY_APPLIED for a second application of the account.',
  })
  async applyForAllocation(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => AllocationApplicationInput) input: AllocationApplicationInput, @Ctx() context: GraphQLContext): Promise<AllocationApplicationType> {
    return context.services.allocation.apply(await context.viewer(), tenantId, requiredId(input.roundId, 'roundId'), input);
  }

  @Auth(AuthRule.ACCOUNT_HOLDER)
  @Mutation(() => AllocationApplicationType, { description: "Changes the account's application input.id and replaces its wishes, during the window." })
  async updateAllocationApplication(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => AllocationApplicationInput) input: AllocationApplicationInput, @Ctx() context: GraphQLContext): Promise<AllocationApplicationType> {
    return context.services.allocation.updateApplication(await context.viewer(), tenantId, requiredId(input.id), input);
  }

  @Auth(AuthRule.ACCOUNT_HOLDER)
  @Mutation(() => Boolean, { description: "Withdraws the account's application, during the window." })
  async withdrawAllocationApplication(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    return context.services.allocation.withdraw(await context.viewer(), tenantId, id);
  }

  @Auth(AuthRule.ALLOCATION_MANAGER)
  @Mutation(() => AllocationWishType, {
    description: 'Grants (as wished, or with another object of the round, weekday or times) or declines (reason required) a wish; again until published. ALLOCATION_GRANT_CONFLICT when the grant overlaps another grant of the round.',
  })
  async decideAllocationWish(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => AllocationDecisionInput) input: AllocationDecisionInput, @Ctx() context: GraphQLContext): Promise<AllocationWishType> {
    return context.services.allocation.decide(await context.viewer(), tenantId, input);
  }

  @Auth(AuthRule.ALLOCATION_MANAGER)
  @Mutation(() => AllocationRoundDetailType, {
    description:
      'Publishes the round: ALLOCATION_UNDECIDED_WISHES while wishes are undecided or grants overlap. Books each grant as a weekly series over the season (dates taken meanwhile left out), per applicant in one transaction with one result mail. A second call books nothing more.',
  })
  async publishAllocationRound(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<AllocationRoundDetailType> {
    return context.services.allocation.publish(await context.viewer(), tenantId, id, 'graphql');
  }
}

function requiredId(id: string | null | undefined, field = 'id'): string {
  if (!id) throw new AppError('generic.validation', { fieldErrors: { [field]: 'Pflichtfeld' } });
  return id;
}
