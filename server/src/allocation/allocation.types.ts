import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { AllocationDecision, AllocationRoundState } from '../../../common/allocation/allocation.schema.js';
import type { WeekdayCode } from '../../../common/bookings/series.js';
import { WeekdayType } from '../bookings/series/booking-series.types.js';

/** The GraphQL shapes of allocation rounds; the inputs carry the names of common/allocation's schemas. */

export enum AllocationRoundStateType {
  OPEN = 'OPEN',
  PUBLISHED = 'PUBLISHED',
}
registerEnumType(AllocationRoundStateType, { name: 'AllocationRoundState', description: 'OPEN: applications in the window and decisions; PUBLISHED: the grants are booked, nothing changes any more.' });

export enum AllocationDecisionType {
  GRANT = 'GRANT',
  DECLINE = 'DECLINE',
}
registerEnumType(AllocationDecisionType, { name: 'AllocationDecision', description: 'GRANT (as wished or with another object, weekday or times) or DECLINE (with a reason).' });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const statesMatch: Same<`${AllocationRoundStateType}`, AllocationRoundState> = true;
const decisionsMatch: Same<`${AllocationDecisionType}`, AllocationDecision> = true;
void statesMatch;
void decisionsMatch;

@InputType('AllocationRoundInput', { description: 'A round: title, season (Berlin days), application window, objects, whether holidays are skipped.' })
export class AllocationRoundInput {
  @Field(() => ID, { nullable: true, description: 'The round to change (updateAllocationRound); empty on create.' }) id?: string | null;
  @Field(() => String, { description: 'E.g. "Hallenbelegung 2027/28".' }) title!: string;
  @Field(() => String, { description: 'First day of the season, "YYYY-MM-DD" (Berlin).' }) seasonBegin!: string;
  @Field(() => String, { description: 'Last day of the season, "YYYY-MM-DD"; at most a year after its first.' }) seasonEnd!: string;
  @Field(() => Date, { description: 'Applications are taken from this instant …' }) applicationsFrom!: Date;
  @Field(() => Date, { description: '… until this instant (exclusive).' }) applicationsUntil!: Date;
  @Field(() => [ID], { description: 'The objects handed out, all of the tenant.' }) bookableIds!: string[];
  @Field(() => Boolean, { nullable: true, description: "Skip the tenant's public and school holidays when booking (default true)." }) skipHolidays?: boolean | null;
}

@InputType('AllocationWishInput', { description: 'One wish: an object of the round (bookableId) or a kind of object (bookableType), a weekday and Berlin wall times.' })
export class AllocationWishInput {
  @Field(() => ID, { nullable: true }) bookableId?: string | null;
  @Field(() => String, { nullable: true, description: 'A kind of object (e.g. room); staff grant a concrete object of the round.' }) bookableType?: string | null;
  @Field(() => WeekdayType) weekday!: WeekdayType;
  @Field(() => String, { description: '"HH:MM", Berlin wall time.' }) timeBegin!: string;
  @Field(() => String, { description: '"HH:MM", after timeBegin.' }) timeEnd!: string;
  @Field(() => Int, { nullable: true, description: '1 weekly (default), 2 every other week, up to 4.' }) interval?: number | null;
  @Field(() => Int, { nullable: true }) participants?: number | null;
  @Field(() => Int, { description: "1 is the applicant's most important wish; each priority once per application." }) priority!: number;
  @Field(() => String, { nullable: true }) comment?: string | null;
}

@InputType('AllocationApplicationInput', { description: 'An application: the organisation, a contact, its registration and 1 to 20 wishes.' })
export class AllocationApplicationInput {
  @Field(() => ID, { nullable: true, description: 'The round applied to (applyForAllocation).' }) roundId?: string | null;
  @Field(() => ID, { nullable: true, description: 'The application changed (updateAllocationApplication).' }) id?: string | null;
  @Field(() => String, { description: 'The organisation: club, group or school.' }) name!: string;
  @Field(() => String) contactName!: string;
  @Field(() => String) mail!: string;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true, description: 'Member number or Vereinsregister entry.' }) registration?: string | null;
  @Field(() => [AllocationWishInput]) wishes!: AllocationWishInput[];
}

@InputType('AllocationDecisionInput', { description: 'A decision on a wish; a GRANT may name another object of the round, weekday or times, a DECLINE needs a reason.' })
export class AllocationDecisionInput {
  @Field(() => ID) wishId!: string;
  @Field(() => AllocationDecisionType) decision!: AllocationDecisionType;
  @Field(() => ID, { nullable: true }) bookableId?: string | null;
  @Field(() => WeekdayType, { nullable: true }) weekday?: WeekdayType | null;
  @Field(() => String, { nullable: true }) timeBegin?: string | null;
  @Field(() => String, { nullable: true }) timeEnd?: string | null;
  @Field(() => String, { nullable: true, description: 'Why declined (required), or a note on a grant; the applicant reads it.' }) reason?: string | null;
}

@ObjectType('AllocationBookable')
export class AllocationBookableType {
  @Field(() => ID) id!: string;
  @Field(() => String) title!: string;
  @Field(() => String) type!: string;
}

@ObjectType('AllocationRound', { description: 'An allocation round ("Vergaberunde"): a season of objects handed out at once.' })
export class AllocationRoundType {
  @Field(() => ID) id!: string;
  @Field(() => ID) tenantId!: string;
  @Field(() => String) title!: string;
  @Field(() => String) seasonBegin!: string;
  @Field(() => String) seasonEnd!: string;
  @Field(() => Date) applicationsFrom!: Date;
  @Field(() => Date) applicationsUntil!: Date;
  @Field(() => [ID]) bookableIds!: string[];
  @Field(() => [AllocationBookableType]) bookables!: AllocationBookableType[];
  @Field(() => Boolean) skipHolidays!: boolean;
  @Field(() => AllocationRoundStateType) state!: AllocationRoundState;
  @Field(() => Date, { nullable: true }) publishedAt!: Date | null;
  @Field(() => Int, { nullable: true, description: 'Applications to the round; staff only (null in openAllocationRounds).' }) applicationCount?: number;
  @Field(() => Int, { nullable: true, description: 'Wishes not decided yet; staff only (null in openAllocationRounds).' }) openWishCount?: number;
}

@ObjectType('AllocationSlot', { description: 'A weekly slot: an object, a weekday and Berlin wall times.' })
export class AllocationSlotType {
  @Field(() => ID) bookableId!: string;
  @Field(() => WeekdayType) weekday!: WeekdayCode;
  @Field(() => String) timeBegin!: string;
  @Field(() => String) timeEnd!: string;
}

@ObjectType('AllocationLeftOutDate', { description: 'A season date of a grant that was not booked at publishing, and why.' })
export class AllocationLeftOutDateType {
  @Field(() => String) date!: string;
  @Field(() => String, { nullable: true, description: 'taken, closed, holiday, horizon or limit.' }) reason!: string | null;
  @Field(() => String, { nullable: true }) reasonText!: string | null;
}

@ObjectType('AllocationWishClash', { description: 'Another wish or grant of the round on the same object and weekday at overlapping times.' })
export class AllocationWishClashType {
  @Field(() => ID) wishId!: string;
  @Field(() => ID) applicationId!: string;
  @Field(() => String) applicantName!: string;
  @Field(() => Boolean) granted!: boolean;
}

@ObjectType('AllocationWishConflicts')
export class AllocationWishConflictsType {
  @Field(() => [AllocationWishClashType]) wishes!: AllocationWishClashType[];
  @Field(() => [AllocationLeftOutDateType], { description: 'Season dates on which the slot (granted or wished) cannot be booked, as the series preview checks them; empty once published.' })
  dates!: AllocationLeftOutDateType[];
}

@ObjectType('AllocationWish')
export class AllocationWishType {
  @Field(() => ID) id!: string;
  @Field(() => ID) applicationId!: string;
  @Field(() => ID, { nullable: true }) bookableId!: string | null;
  @Field(() => String, { nullable: true }) bookableType!: string | null;
  @Field(() => WeekdayType) weekday!: WeekdayCode;
  @Field(() => String) timeBegin!: string;
  @Field(() => String) timeEnd!: string;
  @Field(() => Int) interval!: number;
  @Field(() => Int) participants!: number;
  @Field(() => Int) priority!: number;
  @Field(() => String) comment!: string;
  @Field(() => AllocationDecisionType, { nullable: true }) decision!: AllocationDecision | null;
  @Field(() => AllocationSlotType, { nullable: true, description: 'The granted slot; empty unless granted.' }) grant!: AllocationSlotType | null;
  @Field(() => String, { description: 'Why declined, or a note on the grant.' }) reason!: string;
  @Field(() => Date, { nullable: true }) decidedAt!: Date | null;
  @Field(() => ID, { nullable: true, description: 'The booked series (bookingSeries) after publishing.' }) seriesId!: string | null;
  @Field(() => [AllocationLeftOutDateType]) leftOutDates!: AllocationLeftOutDateType[];
}

@ObjectType('AllocationStaffWish', { description: 'A wish as staff see it: with its conflicts.' })
export class AllocationStaffWishType extends AllocationWishType {
  @Field(() => AllocationWishConflictsType) conflicts!: AllocationWishConflictsType;
}

@ObjectType('AllocationApplication')
export class AllocationApplicationType {
  @Field(() => ID) id!: string;
  @Field(() => ID) roundId!: string;
  @Field(() => ID) userId!: string;
  @Field(() => String) name!: string;
  @Field(() => String) contactName!: string;
  @Field(() => String) mail!: string;
  @Field(() => String) phone!: string;
  @Field(() => String) registration!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When publishing booked the grants and sent the result mail.' }) publishedAt!: Date | null;
  @Field(() => [AllocationWishType]) wishes!: AllocationWishType[];
}

@ObjectType('AllocationStaffApplication')
export class AllocationStaffApplicationType extends AllocationApplicationType {
  @Field(() => [AllocationStaffWishType]) declare wishes: AllocationStaffWishType[];
}

@ObjectType('AllocationDecisionSnapshot', { description: 'A decision as the history keeps it.' })
export class AllocationDecisionSnapshotType {
  @Field(() => AllocationDecisionType, { nullable: true }) decision!: AllocationDecision | null;
  @Field(() => ID, { nullable: true }) bookableId!: string | null;
  @Field(() => WeekdayType, { nullable: true }) weekday!: WeekdayCode | null;
  @Field(() => String, { nullable: true }) timeBegin!: string | null;
  @Field(() => String, { nullable: true }) timeEnd!: string | null;
  @Field(() => String) reason!: string;
}

@ObjectType('AllocationHistoryEntry', { description: 'One entry of a round\'s history: round_created, round_updated, decided (with the decision before and after) or published.' })
export class AllocationHistoryEntryType {
  @Field(() => ID) id!: string;
  @Field(() => Date) at!: Date;
  @Field(() => String) action!: string;
  @Field(() => ID, { nullable: true }) wishId!: string | null;
  @Field(() => String, { nullable: true }) actorId!: string | null;
  @Field(() => String) actorLabel!: string;
  @Field(() => AllocationDecisionSnapshotType, { nullable: true }) before!: AllocationDecisionSnapshotType | null;
  @Field(() => AllocationDecisionSnapshotType, { nullable: true }) after!: AllocationDecisionSnapshotType | null;
}

@ObjectType('AllocationRoundDetail', { description: 'A round with every application, its wishes and their conflicts, and the history.' })
export class AllocationRoundDetailType extends AllocationRoundType {
  @Field(() => [AllocationStaffApplicationType]) applications!: AllocationStaffApplicationType[];
  @Field(() => [AllocationHistoryEntryType]) history!: AllocationHistoryEntryType[];
  @Field(() => Int, { description: 'Wishes not decided yet; publishing needs none.' }) undecidedCount!: number;
}

@ObjectType('AllocationGridEntry')
export class AllocationGridEntryType {
  @Field(() => ID) wishId!: string;
  @Field(() => ID) applicationId!: string;
  @Field(() => String) applicantName!: string;
  @Field(() => Boolean) granted!: boolean;
  @Field(() => String) timeBegin!: string;
  @Field(() => String) timeEnd!: string;
  @Field(() => String, { nullable: true, description: 'The kind of object wished when the wish leaves the object to staff: such a wish stands in every object of that kind until decided and makes no conflict; null for a wish or grant on this object.' })
  bookableType!: string | null;
}

@ObjectType('AllocationGridCell', { description: 'One hour of a weekday of an object: the wishes and grants in it; conflict when two of them overlap.' })
export class AllocationGridCellType {
  @Field(() => Int) hour!: number;
  @Field(() => [AllocationGridEntryType]) entries!: AllocationGridEntryType[];
  @Field(() => Boolean) conflict!: boolean;
}

@ObjectType('AllocationGridDay')
export class AllocationGridDayType {
  @Field(() => WeekdayType) weekday!: WeekdayCode;
  @Field(() => [AllocationGridCellType]) cells!: AllocationGridCellType[];
}

@ObjectType('AllocationGridRow')
export class AllocationGridRowType {
  @Field(() => AllocationBookableType) bookable!: AllocationBookableType;
  @Field(() => [AllocationGridDayType]) days!: AllocationGridDayType[];
}

@ObjectType('AllocationGrid', { description: 'The allocation screen: objects × weekdays × hours.' })
export class AllocationGridType {
  @Field(() => ID) roundId!: string;
  @Field(() => [AllocationGridRowType]) rows!: AllocationGridRowType[];
}
