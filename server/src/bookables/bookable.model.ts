/** The shapes of a bookable live in common/, shared with the client's editor. */
export * from '../../../common/bookables/bookable.model.js';
