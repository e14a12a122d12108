import { Entity, Index, ManyToOne, PrimaryKey, Property, type Opt, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Tenant } from '../tenants/tenant.entity.js';
import {
  defaultEventData,
  type EventAddress,
  type EventAgendaDay,
  type EventAttendees,
  type EventData,
  type EventFormat,
  type EventInformation,
  type EventLocation,
  type EventOrganizer,
  type TicketCodePer,
} from './event.model.js';
import { eventEnd, eventStart } from './event.time.js';

/**
 * An event of a tenant. What lists filter, sort and count on is a
 * column: tenant, name, start and end as instants (computed in Europe/Berlin from the form's date
 * and time), visibility, tags, owner. The nested form sections are jsonb, read and written whole;
 * `information` keeps the form's own date, time, name and tags, the columns copy them on every
 * save (setData), so they never disagree.
 *
 * Tickets are bookables of type ticket whose eventId points here; deleting an event keeps them
 * (the reference is cleared by the database).
 */
@Entity({ tableName: 'events' })
@Index({ name: 'events_tenant_starts_index', properties: ['tenant', 'startsAt'] })
@Index({ name: 'events_tenant_public_index', properties: ['tenant', 'isPublic'] })
// Synchronisation (updatedSince) reads by (updatedAt, id).
@Index({ name: 'events_tenant_updated_index', properties: ['tenant', 'updatedAt', 'id'] })
@Index({ name: 'events_tags_index', expression: 'create index "events_tags_index" on "events" using gin ("tags")' })
export class Event {
  @PrimaryKey({ type: 'uuid' })
  id: Opt<string> = randomUUID();

  @ManyToOne(() => Tenant, { deleteRule: 'cascade' })
  tenant!: Rel<Tenant>;

  /** information.name. */
  @Property({ type: 'text', default: '' })
  name: Opt<string> = '';

  /** information.startDate and startTime as an instant; null without a start date. */
  @Property({ type: 'timestamptz', nullable: true })
  startsAt?: Date | null;

  /** information.endDate and endTime as an instant; null without an end date. */
  @Property({ type: 'timestamptz', nullable: true })
  endsAt?: Date | null;

  @Property({ type: 'boolean', default: false })
  isPublic: Opt<boolean> = false;

  /** information.tags. */
  @Property({ type: 'text[]', default: '{}' })
  tags: Opt<string[]> = [];

  /** 0 in person, 1 hybrid, 2 online. */
  @Property({ type: 'smallint', default: 0 })
  format: Opt<EventFormat> = 0;

  /** Entry codes of its tickets: one per person or one per order. */
  @Property({ type: 'text', default: 'person' })
  ticketCodePer: Opt<TicketCodePer> = 'person';

  @Property({ type: 'jsonb' })
  information: Opt<EventInformation> = defaultEventData().information;

  @Property({ type: 'jsonb' })
  attendees: Opt<EventAttendees> = defaultEventData().attendees;

  @Property({ type: 'jsonb' })
  eventLocation: Opt<EventLocation> = defaultEventData().eventLocation;

  @Property({ type: 'jsonb' })
  eventAddress: Opt<EventAddress> = defaultEventData().eventAddress;

  @Property({ type: 'jsonb' })
  eventOrganizer: Opt<EventOrganizer> = defaultEventData().eventOrganizer;

  /** The agenda: days, each with its items. */
  @Property({ type: 'jsonb', default: '[]' })
  schedules: Opt<EventAgendaDay[]> = [];

  @Property({ type: 'jsonb', default: '[]' })
  images: Opt<string[]> = [];

  /** File links. */
  @Property({ type: 'jsonb', default: '[]' })
  attachments: Opt<string[]> = [];

  /** The creator; the "own" flags of manageBookables match on it. */
  @Property({ type: 'text', nullable: true })
  ownerUserId?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();

  /** Seats of the event (attendees.maxAttendees); null is unlimited. */
  get maxAttendees(): number | null {
    return this.attendees.maxAttendees ?? null;
  }

  /** Writes validated form data and the columns derived from it. */
  setData(data: EventData): void {
    this.format = data.format;
    this.isPublic = data.isPublic;
    this.ticketCodePer = data.ticketCodePer;
    this.information = data.information;
    this.attendees = data.attendees;
    this.eventLocation = data.eventLocation;
    this.eventAddress = data.eventAddress;
    this.eventOrganizer = data.eventOrganizer;
    this.schedules = data.schedules;
    this.images = data.images;
    this.attachments = data.attachments;
    this.name = data.information.name;
    this.tags = data.information.tags;
    this.startsAt = eventStart(data.information.startDate, data.information.startTime);
    this.endsAt = eventEnd(data.information.endDate, data.information.endTime);
  }

  /** The stored form data. */
  data(): EventData {
    return {
      format: this.format,
      isPublic: this.isPublic,
      ticketCodePer: this.ticketCodePer,
      information: this.information,
      attendees: this.attendees,
      eventLocation: this.eventLocation,
      eventAddress: this.eventAddress,
      eventOrganizer: this.eventOrganizer,
      schedules: this.schedules,
      images: this.images,
      attachments: this.attachments,
    };
  }
}
