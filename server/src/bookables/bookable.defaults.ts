/** A new bookable's defaults live in common/, shared with the client's editor. */
export { defaultBookableData } from '../../../common/bookables/bookable.defaults.js';
