/** The instants an event starts and ends: the rule lives with the event's schema in common/. */
export { eventEnd, eventStart } from '../../../common/events/event.schema.js';
