import { Migration } from '@mikro-orm/migrations';

/**
 * The users list pages newest first by (created, id) and searches words in the e-mail address and
 * the names as substrings, so each has an index: a B-tree on the order, a trigram index on the text
 * the search reads (server/src/users/user-list.queries.ts, USER_SEARCH_TEXT).
 */
export class Migration20261214110000UserListIndexes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "users_created_index" on "users" ("created", "id");`);
    this.addSql(`create index "users_search_index" on "users" using gin ((lower("id" || ' ' || "first_name" || ' ' || "last_name")) gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "users_search_index";`);
    this.addSql(`drop index if exists "users_created_index";`);
  }

}
