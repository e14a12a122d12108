/** The bookable editor (specification 02); built in client/src/bookables/editor/. */
export default function BookableEditPage() {
  return null;
}
