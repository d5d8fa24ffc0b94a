-- An opportunity belongs to at most one lead of a client (PRODUCT.md §9.7 "Pipeline"). Links made
-- before this rule may share one: the oldest link keeps it, the others are unlinked (their next
-- run finds or creates their own, or records GHL's refusal).
ALTER TABLE "lead_opportunities" ADD COLUMN "opportunity_error" text;--> statement-breakpoint
ALTER TABLE "lead_opportunities" ADD COLUMN "ghl_event_at" timestamp with time zone;--> statement-breakpoint
UPDATE "lead_opportunities" AS "lo" SET "opportunity_id" = NULL, "pipeline_id" = NULL, "stage_id" = NULL, "ghl_status" = NULL WHERE "lo"."opportunity_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "lead_opportunities" AS "older" WHERE "older"."client_id" = "lo"."client_id" AND "older"."opportunity_id" = "lo"."opportunity_id" AND ("older"."created_at", "older"."lead_id") < ("lo"."created_at", "lo"."lead_id"));--> statement-breakpoint
DROP INDEX IF EXISTS "lead_opportunities_opportunity_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "lead_opportunities_client_opportunity_idx" ON "lead_opportunities" USING btree ("client_id","opportunity_id");
