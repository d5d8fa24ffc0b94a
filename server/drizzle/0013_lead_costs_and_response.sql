ALTER TABLE "leads" ADD COLUMN "cost_per_lead_cents" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "cost_currency" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "metrics_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_consumer_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_business_reply_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "leads_client_first_message_idx" ON "leads" USING btree ("client_id","first_consumer_message_at");--> statement-breakpoint
CREATE INDEX "leads_client_time_created_idx" ON "leads" USING btree ("client_id","time_created");--> statement-breakpoint
-- Hand-written: keep when regenerating. Backfill of the response-time columns (issue 17 §5) for the
-- leads stored before them, by the rule of server/src/engine/lead-figures/response-times.ts: the
-- first consumer message (phone opt-in/out events are not messages), and the business's first reply
-- at or after it: a BIZ message on Yelp, or a reply from GHL or the inbox that reached Yelp (its
-- `messages` row, status success, at the time it was written). Costs are not backfilled here: they
-- need a Yelp call each, and the next sync of a lead queues its metrics job.
UPDATE "leads" SET "first_consumer_message_at" = (
  SELECT min((e->>'time_created')::timestamptz) FROM jsonb_array_elements(coalesce("leads"."events", '[]'::jsonb)) e
  WHERE e->>'user_type' = 'CONSUMER' AND coalesce(e->>'event_type', '') NOT LIKE '%PHONE_NUMBER_OPT%'
    AND e->>'time_created' IS NOT NULL
);--> statement-breakpoint
UPDATE "leads" SET "first_business_reply_at" = least(
  (SELECT min((e->>'time_created')::timestamptz) FROM jsonb_array_elements(coalesce("leads"."events", '[]'::jsonb)) e
    WHERE e->>'user_type' = 'BIZ' AND coalesce(e->>'event_type', '') NOT LIKE '%PHONE_NUMBER_OPT%'
      AND e->>'time_created' IS NOT NULL
      AND (e->>'time_created')::timestamptz >= "leads"."first_consumer_message_at"),
  (SELECT min(m."created_at") FROM "messages" m
    WHERE m."client_id" = "leads"."client_id" AND m."metadata"->>'leadId' = "leads"."lead_id"
      AND m."direction" = 'outbound' AND m."platform" IN ('ghl', 'hub') AND m."status" = 'success'
      AND m."created_at" >= "leads"."first_consumer_message_at")
) WHERE "first_consumer_message_at" IS NOT NULL;
