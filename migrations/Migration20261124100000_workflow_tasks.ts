import { Migration } from '@mikro-orm/migrations';

/**
 * The kanban board in rows instead of JSON arrays of the workflow row: one row per booking on the
 * board (its state and position in it, when it entered) or archived (no state). A move changes a
 * few rows under narrow locks instead of rewriting the tenant's whole board, so concurrent moves
 * neither overwrite nor wait for each other. Today's boards are carried over in their order.
 *
 * Positions of a state are consecutive integers (no gaps, no duplicates), not necessarily from 0:
 * a card enters at the top as `min - 1`, so a new booking touches one row. The unique constraint is
 * checked at commit, so a move may shift a run of cards by one inside its transaction.
 */
export class Migration20261124100000WorkflowTasks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "workflow_tasks" (
      "tenant_id" text not null references "tenants" ("id") on update cascade on delete cascade,
      "task_id" text not null,
      "state_id" text null,
      "position" integer null,
      "entered_at" timestamptz null,
      constraint "workflow_tasks_pkey" primary key ("tenant_id", "task_id"),
      constraint "workflow_tasks_place_check" check (("state_id" is null) = ("position" is null)),
      constraint "workflow_tasks_position_unique" unique ("tenant_id", "state_id", "position") deferrable initially deferred
    );`);

    // States in their order, tasks in theirs; a task listed twice keeps its first place.
    this.addSql(`insert into "workflow_tasks" ("tenant_id", "task_id", "state_id", "position", "entered_at")
      select w."tenant_id", t.value->>'id', s.value->>'id', (t.ordinality - 1)::int,
             case when jsonb_typeof(t.value->'added') = 'number' then to_timestamp((t.value->>'added')::double precision / 1000) end
        from "workflows" w
        cross join lateral jsonb_array_elements(w."states") with ordinality s
        cross join lateral jsonb_array_elements(coalesce(s.value->'tasks', '[]'::jsonb)) with ordinality t
       where coalesce(t.value->>'id', '') <> ''
       order by w."tenant_id", s.ordinality, t.ordinality
      on conflict ("tenant_id", "task_id") do nothing;`);
    this.addSql(`insert into "workflow_tasks" ("tenant_id", "task_id", "entered_at")
      select w."tenant_id", t.value->>'id',
             case when jsonb_typeof(t.value->'added') = 'number' then to_timestamp((t.value->>'added')::double precision / 1000) end
        from "workflows" w
        cross join lateral jsonb_array_elements(w."archive") with ordinality t
       where coalesce(t.value->>'id', '') <> ''
       order by w."tenant_id", t.ordinality
      on conflict ("tenant_id", "task_id") do nothing;`);
    // Tasks skipped as duplicates leave gaps: renumber each state densely in its order.
    this.addSql(`update "workflow_tasks" t set "position" = n."dense"
      from (select "tenant_id", "task_id", (row_number() over (partition by "tenant_id", "state_id" order by "position") - 1)::int as "dense"
              from "workflow_tasks" where "state_id" is not null) n
     where t."tenant_id" = n."tenant_id" and t."task_id" = n."task_id" and t."position" <> n."dense";`);

    // The workflow row keeps the configuration only.
    this.addSql(`update "workflows" w set "states" = coalesce((select jsonb_agg(s.value - 'tasks' order by s.ordinality) from jsonb_array_elements(w."states") with ordinality s), '[]'::jsonb);`);
    this.addSql(`alter table "workflows" drop column "archive";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "workflows" add column "archive" jsonb not null default '[]';`);
    this.addSql(`update "workflows" w set
      "states" = coalesce((select jsonb_agg(s.value || jsonb_build_object('tasks', coalesce((
                   select jsonb_agg(jsonb_build_object('id', t."task_id", 'added', (extract(epoch from t."entered_at") * 1000)::bigint) order by t."position")
                     from "workflow_tasks" t where t."tenant_id" = w."tenant_id" and t."state_id" = s.value->>'id'), '[]'::jsonb))
                   order by s.ordinality)
                 from jsonb_array_elements(w."states") with ordinality s), '[]'::jsonb),
      "archive" = coalesce((select jsonb_agg(jsonb_build_object('id', t."task_id", 'added', (extract(epoch from t."entered_at") * 1000)::bigint) order by t."entered_at", t."task_id")
                   from "workflow_tasks" t where t."tenant_id" = w."tenant_id" and t."state_id" is null), '[]'::jsonb);`);
    this.addSql(`drop table if exists "workflow_tasks";`);
  }

}
