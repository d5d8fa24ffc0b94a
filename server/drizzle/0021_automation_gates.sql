-- Since when a client's follow-ups are on (null while it has none): a lead enters the sequence
-- only when its conversation began after that, so switching them on (or importing) does not
-- follow up on history. Clients with follow-ups already on count from their last save.
ALTER TABLE "client_playbooks" ADD COLUMN "follow_ups_since" timestamp with time zone;
--> statement-breakpoint
UPDATE "client_playbooks" SET "follow_ups_since" = "updated_at"
  WHERE jsonb_array_length(coalesce("playbook"->'followUps', '[]'::jsonb)) > 0;
--> statement-breakpoint
-- A due step taken by a run that asks the model first: other runs leave it alone until then.
ALTER TABLE "lead_automation" ADD COLUMN "claimed_until" timestamp with time zone;
--> statement-breakpoint
-- The newest consumer message a step was sent or drafted on: one newer by the time it is posted
-- (or its draft sent) means the conversation moved on without it.
ALTER TABLE "lead_automation" ADD COLUMN "consumer_seen_until" timestamp with time zone;
