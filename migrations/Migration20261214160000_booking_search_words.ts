import { Migration } from '@mikro-orm/migrations';

/**
 * The words of the bookings' search texts, each once, for the search that forgives a typo: a term
 * found nowhere as typed is compared by trigram similarity with these words (a few thousand short
 * ones, through their own trigram index) instead of with every booking's whole text, and the
 * bookings are then found by the similar words as typed. Triggers keep the list: a booking's new
 * words are added; a word a changed, anonymised or deleted booking no longer has goes once no
 * booking contains it, so a customer's name does not outlive their data here.
 *
 * Only words the search compares by similarity are kept: four characters or more, without digits
 * (booking-search.ts, FUZZY_MIN_TERM_LENGTH).
 */
export class Migration20261214160000BookingSearchWords extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "booking_search_words" ("word" text primary key);`);
    this.addSql(`create index "booking_search_words_trigram_index" on "booking_search_words" using gin ("word" gin_trgm_ops);`);
    this.addSql(`create function "booking_search_words_of"(text) returns setof text language sql immutable as $$
      select distinct word from regexp_split_to_table(coalesce($1, ''), '\\s+') word where char_length(word) >= 4 and word !~ '[0-9]'
    $$;`);
    this.addSql(`create function "booking_search_words_follow"() returns trigger language plpgsql as $$
      begin
        if tg_op in ('INSERT', 'UPDATE') then
          insert into "booking_search_words" ("word") select "booking_search_words_of"(new."search_text") on conflict do nothing;
        end if;
        if tg_op in ('UPDATE', 'DELETE') then
          delete from "booking_search_words" w
           where w."word" in (
                   select "booking_search_words_of"(old."search_text")
                   except select "booking_search_words_of"(case when tg_op = 'UPDATE' then new."search_text" end))
             and not exists (
                   select 1 from "bookings" b
                    where b."search_text" like '%' || replace(replace(replace(w."word", '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%');
        end if;
        return null;
      end
    $$;`);
    this.addSql(`create trigger "booking_search_words_follow" after insert or delete or update of "search_text" on "bookings" for each row execute function "booking_search_words_follow"();`);
    this.addSql(`insert into "booking_search_words" ("word") select distinct "booking_search_words_of"("search_text") from "bookings" on conflict do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "booking_search_words_follow" on "bookings";`);
    this.addSql(`drop function if exists "booking_search_words_follow"();`);
    this.addSql(`drop function if exists "booking_search_words_of"(text);`);
    this.addSql(`drop table if exists "booking_search_words";`);
  }

}
