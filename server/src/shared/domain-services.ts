/**
 * The services REST handlers and GraphQL resolvers reach by name. Each domain adds the services it
 * offers (declaration merging next to the service), so no domain imports the composition root;
 * services.ts builds the one object that has them all, and the compiler checks it does.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the domains
export interface DomainServices {}

/**
 * Who is asking, as the users domain describes it (it adds `viewer` here); the GraphQL context and
 * the @auth checker use it without importing a domain.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the users domain
export interface RequestViewerRegistry {}
export type RequestViewer = RequestViewerRegistry extends { viewer: infer V } ? V : never;
