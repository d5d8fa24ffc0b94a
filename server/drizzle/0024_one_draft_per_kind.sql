-- One draft per lead and kind (issue 35): asking for an AI draft again replaces the one waiting
-- instead of stacking a second beside it. Duplicates kept so far: the newest of each kind stays;
-- an automation step whose draft goes is ended as discarded, as if a person had discarded it.
WITH "ranked" AS (
  SELECT "id", row_number() OVER (PARTITION BY "lead_id", "kind" ORDER BY "created_at" DESC, "id" DESC) AS "rank"
  FROM "lead_drafts"
), "gone" AS (
  DELETE FROM "lead_drafts" USING "ranked"
  WHERE "lead_drafts"."id" = "ranked"."id" AND "ranked"."rank" > 1
  RETURNING "lead_drafts"."automation_id"
)
UPDATE "lead_automation" SET "state" = 'cancelled', "reason" = 'discarded', "at" = now()
WHERE "state" = 'drafted' AND "id" IN (SELECT "automation_id" FROM "gone" WHERE "automation_id" IS NOT NULL);
--> statement-breakpoint
CREATE UNIQUE INDEX "lead_drafts_lead_kind_idx" ON "lead_drafts" USING btree ("lead_id","kind");
