import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireViewer } from '../users/actor.js';
import { Auth, AuthRule } from '../shared/graphql/auth.js';
import type { GraphQLContext } from '../shared/graphql/context.js';
import { presentFields } from '../shared/graphql/input.js';
import type { Bookable } from './bookable.entity.js';
import { bookableRecord, publicBookableRecord, type BookableFilter } from './bookable.service.js';
import { graphqlPagingSchema, pagingDetail, WHOLE_LIST_CAP, wholeListPageBounds } from '../../../common/validation/paging.js';
import { parseInput } from '../shared/schema-input.js';
import {
  AvailabilityPeriodType,
  BookableInput,
  BookableKind,
  BookablePageType,
  OpeningHoursType,
  PickerOptionsType,
  PublicBookableType,
  StaffBookableType,
} from './bookable.types.js';

const staff = (bookable: Bookable) => bookableRecord(bookable) as unknown as StaffBookableType;

/** The public view leaves the staff-only fields out, so they cannot be selected by accident. */
const publicView = (bookable: Bookable) => publicBookableRecord(bookable) as unknown as PublicBookableType;

const filterOf = (type: BookableKind | null | undefined, tags: string[] | null | undefined): BookableFilter => ({ type: type ?? null, tags: tags ?? null });

/**
 * Bookable objects over GraphQL; the same services as REST api/{tenantId}/bookables. Staff
 * operations need a session and the manageBookables rights (ALLOW, ownership by ownerUserId); the
 * public ones show only what the viewer may see, without the staff-only fields.
 */
@Resolver()
export class BookableResolver {
  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => [StaffBookableType], {
    description: `The tenant's bookables the viewer may read, in creation order; optionally of one type or carrying any of the tags. Read from the first ${WHOLE_LIST_CAP} objects of the filter; bookablePage pages and searches them.`,
  })
  async bookables(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('type', () => BookableKind, { nullable: true }) type: BookableKind | null,
    @Arg('tags', () => [String], { nullable: true }) tags: string[] | null,
    @Ctx() context: GraphQLContext,
  ): Promise<StaffBookableType[]> {
    return (await context.services.bookables.list(await requireViewer(context), tenantId, filterOf(type, tags))).map(staff);
  }

  @Auth(AuthRule.AUTHENTICATED)
  @Query(() => BookablePageType, {
    description: 'The bookables of `bookables` one page at a time, without its cap: those the viewer may read (readAny: all, readOwn: his own), of the filter and the search.',
  })
  async bookablePage(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('first', () => Int, { nullable: true, description: `Page size 1 to ${wholeListPageBounds.maxSize} (default ${wholeListPageBounds.defaultSize}).` }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'pageInfo.endCursor of the page before: the page starts after that object. A cursor of another list or order is GENERIC_VALIDATION.' })
    after: string | null,
    @Arg('search', () => String, { nullable: true, description: 'Words separated by spaces; each must occur in the title or the location (any case).' }) search: string | null,
    @Arg('type', () => BookableKind, { nullable: true }) type: BookableKind | null,
    @Arg('tags', () => [String], { nullable: true, description: 'Objects carrying any of these tags.' }) tags: string[] | null,
    @Arg('newestFirst', () => Boolean, { defaultValue: false, description: 'Newest first instead of creation order.' }) newestFirst: boolean,
    @Arg('ids', () => [ID], { nullable: true, description: 'Only these objects (a picker showing the titles of its chosen ones); unknown ids are left out.' }) ids: string[] | null,
    @Arg('isPublic', () => Boolean, { nullable: true, description: 'Only public (true) or only non-public (false) objects.' }) isPublic: boolean | null,
    @Ctx() context: GraphQLContext,
  ): Promise<BookablePageType> {
    const paging = parseInput(graphqlPagingSchema(wholeListPageBounds), { first, after }, { detail: pagingDetail });
    const page = await context.services.bookables.page(await requireViewer(context), tenantId, { ...filterOf(type, tags), search, newestFirst, ids, isPublic, paging });
    return { items: page.bookables.map(staff), totalCount: page.totalCount, pageInfo: page.pageInfo };
  }

  @Auth(AuthRule.BOOKABLE_STAFF)
  @Query(() => StaffBookableType, { description: 'One bookable object of the tenant with its administration fields; GENERIC_NOT_FOUND when it does not exist, AUTH_FORBIDDEN when the viewer may not read it.' })
  async bookable(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<StaffBookableType> {
    return staff(await context.services.bookables.get(await requireViewer(context), tenantId, id));
  }

  @Auth(AuthRule.BOOKABLE_STAFF)
  @Query(() => [StaffBookableType], { description: 'The object itself first, then every dependent object below it (REST: populate).' })
  async relatedBookables(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<StaffBookableType[]> {
    return (await context.services.bookableAvailability.related(await requireViewer(context), tenantId, id)).map(staff);
  }

  @Query(() => [PublicBookableType], { description: `Public objects, and those the signed-in viewer is permitted to see, in creation order; read from the first ${WHOLE_LIST_CAP} objects of the filter.` })
  async publicBookables(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('type', () => BookableKind, { nullable: true }) type: BookableKind | null,
    @Arg('tags', () => [String], { nullable: true }) tags: string[] | null,
    @Ctx() context: GraphQLContext,
  ): Promise<PublicBookableType[]> {
    return (await context.services.bookables.publicList(await context.viewer(), tenantId, filterOf(type, tags))).map(publicView);
  }

  @Query(() => PublicBookableType, { description: 'One bookable object as the public booking pages show it; a non-public one only for viewers permitted to see it, otherwise GENERIC_NOT_FOUND.' })
  async publicBookable(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<PublicBookableType> {
    return publicView(await context.services.bookables.publicGet(await context.viewer(), tenantId, id));
  }

  @Auth(AuthRule.BOOKABLE_STAFF)
  @Query(() => [String], { description: "Distinct tags of the tenant's bookables, first-seen order." })
  async bookableTags(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<string[]> {
    return context.services.bookables.tags(await requireViewer(context), tenantId);
  }

  @Auth(AuthRule.BOOKABLE_EDITOR)
  @Query(() => PickerOptionsType, {
    description: 'People and roles of the tenant for the editor (manageBookables create or update rights): the roles, the people found by userSearch (a page) and those of userIds.',
  })
  async bookablePickerOptions(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('userSearch', () => String, { nullable: true, description: 'Words separated by spaces; each must occur in the e-mail address, the first or the last name (any case). Absent: the first people by name.' })
    userSearch: string | null,
    @Arg('userIds', () => [ID], { nullable: true, description: 'People to include whatever the search (the chosen ones, for their names); ids of non-members are left out.' })
    userIds: string[] | null,
    @Ctx() context: GraphQLContext,
  ): Promise<PickerOptionsType> {
    return context.services.bookables.pickerOptions(await requireViewer(context), tenantId, { userSearch, userIds });
  }

  @Auth(AuthRule.BOOKABLE_EDITOR)
  @Query(() => Boolean, { description: 'Whether one more public bookable fits the quota of the instance (count/check).' })
  async bookablePublicQuotaAvailable(@Arg('tenantId', () => ID) tenantId: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    return context.services.bookables.mayAddPublic(await requireViewer(context), tenantId);
  }

  @Query(() => OpeningHoursType, { description: "The opening hours of the object combined with its parents; other objects than the public ones only for the tenant's people." })
  async bookableOpeningHours(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<OpeningHoursType> {
    const hours = await context.services.bookableAvailability.openingHours(await context.viewer(), tenantId, id);
    return { regularOpeningHours: Object.values(hours.regularOpeningHours), specialOpeningHours: hours.specialOpeningHours };
  }

  @Query(() => [AvailabilityPeriodType], {
    description: 'Hourly availability between startDate and endDate (YYYY-MM-DD, Europe/Berlin; default today and a week) for the amount, merged into periods.',
  })
  async bookableAvailability(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('id', () => ID) id: string,
    @Arg('startDate', () => String, { nullable: true }) startDate: string | null,
    @Arg('endDate', () => String, { nullable: true }) endDate: string | null,
    @Arg('amount', () => Int, { defaultValue: 1 }) amount: number,
    @Ctx() context: GraphQLContext,
  ): Promise<AvailabilityPeriodType[]> {
    const periods = await context.services.bookableAvailability.availability(await context.viewer(), tenantId, id, { startDate, endDate, amount });
    return periods.map((period) => ({ timeBegin: new Date(period.timeBegin), timeEnd: new Date(period.timeEnd), available: period.available }));
  }

  @Auth(AuthRule.BOOKABLE_CREATOR)
  @Mutation(() => StaffBookableType, { description: 'Creates a bookable (manageBookables.create); public only within the quota (BOOKABLE_QUOTA_REACHED).' })
  async createBookable(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => BookableInput) input: BookableInput, @Ctx() context: GraphQLContext): Promise<StaffBookableType> {
    return staff(await context.services.bookables.create(await requireViewer(context), tenantId, presentFields(input)));
  }

  @Auth(AuthRule.BOOKABLE_UPDATER)
  @Mutation(() => StaffBookableType, { description: 'Updates a bookable (updateAny, or updateOwn on an own one); absent fields keep their values.' })
  async updateBookable(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => BookableInput) input: BookableInput,
    @Ctx() context: GraphQLContext,
  ): Promise<StaffBookableType> {
    return staff(await context.services.bookables.update(await requireViewer(context), tenantId, id, presentFields(input)));
  }

  @Auth(AuthRule.BOOKABLE_CREATOR)
  @Mutation(() => StaffBookableType, { description: 'Copies a bookable with " (Kopie)" appended and new ids (read and create rights).' })
  async duplicateBookable(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<StaffBookableType> {
    return staff(await context.services.bookables.duplicate(await requireViewer(context), tenantId, id));
  }

  @Auth(AuthRule.BOOKABLE_DELETER)
  @Mutation(() => Boolean, { description: 'Deletes a bookable (deleteAny, or deleteOwn on an own one).' })
  async deleteBookable(@Arg('tenantId', () => ID) tenantId: string, @Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await context.services.bookables.remove(await requireViewer(context), tenantId, id);
    return true;
  }
}
