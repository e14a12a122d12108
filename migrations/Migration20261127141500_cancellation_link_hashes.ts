import { Migration } from '@mikro-orm/migrations';

/**
 * Pending cancellation links of bookings keep only the SHA-256 of their token (`tokenHash`), so the
 * database holds no usable link; links older than 7 days are dropped (they have expired). The
 * hashes cannot be turned back into tokens: going down drops the pending links.
 */
export class Migration20261127141500CancellationLinkHashes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`update "bookings" b set "hooks" = coalesce((
        select jsonb_agg((h - 'id') || jsonb_build_object('tokenHash', encode(sha256(convert_to(h ->> 'id', 'UTF8')), 'hex')) order by ordinality)
        from jsonb_array_elements(b."hooks") with ordinality as e(h, ordinality)
        where (h ->> 'id') is not null and jsonb_typeof(h -> 'timeCreated') = 'number' and (h ->> 'timeCreated')::numeric > extract(epoch from now() - interval '7 days') * 1000
      ), '[]'::jsonb)
      where jsonb_typeof(b."hooks") = 'array' and b."hooks" <> '[]'::jsonb;`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "bookings" set "hooks" = '[]'::jsonb where "hooks" <> '[]'::jsonb;`);
  }

}
