import { Field, ObjectType } from 'type-graphql';

@ObjectType('PageInfo', { description: 'Where a list paged by cursor goes on: pass endCursor as `after` for the next page.' })
export class PageInfoType {
  @Field(() => Boolean, { description: 'Whether rows follow this page (in the list as it is now).' }) hasNextPage!: boolean;
  @Field(() => String, { nullable: true, description: "The opaque cursor after the page's last row; null for an empty page. Bound to the list's order." }) endCursor!: string | null;
}
