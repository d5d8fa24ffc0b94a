CREATE TABLE "client_playbooks" (
	"client_id" text PRIMARY KEY NOT NULL,
	"playbook" jsonb NOT NULL,
	"first_reply_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_automation" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"lead_id" text NOT NULL,
	"kind" text NOT NULL,
	"step" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"due_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_row_id" integer
);
--> statement-breakpoint
CREATE TABLE "lead_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"lead_id" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"automation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_waits" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"lead_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_business_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_playbooks" ADD CONSTRAINT "client_playbooks_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "lead_automation" ADD CONSTRAINT "lead_automation_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "lead_drafts" ADD CONSTRAINT "lead_drafts_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "lead_waits" ADD CONSTRAINT "lead_waits_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_automation_step_uq" ON "lead_automation" USING btree ("lead_id","kind","step");--> statement-breakpoint
CREATE INDEX "lead_automation_due_idx" ON "lead_automation" USING btree ("due_at") WHERE state = 'scheduled';--> statement-breakpoint
CREATE INDEX "lead_drafts_lead_idx" ON "lead_drafts" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_waits_lead_started_uq" ON "lead_waits" USING btree ("lead_id","started_at");--> statement-breakpoint
CREATE INDEX "lead_waits_client_started_idx" ON "lead_waits" USING btree ("client_id","started_at");--> statement-breakpoint
CREATE INDEX "leads_awaiting_reply_idx" ON "leads" USING btree ("waiting_since","id") WHERE waiting_since is not null and status in ('new', 'contacted');--> statement-breakpoint
CREATE INDEX "leads_client_awaiting_reply_idx" ON "leads" USING btree ("client_id","waiting_since") WHERE waiting_since is not null and status in ('new', 'contacted');--> statement-breakpoint
-- Hand-written: keep when regenerating. The waits of the leads already stored, from their events,
-- by the rule of engine/lead-figures/lead-waits.ts (a message is any event but a phone opt-in/out).
UPDATE "leads" AS l SET "last_business_message_at" = b.last_biz, "waiting_since" = w.waiting
FROM "leads" AS src
CROSS JOIN LATERAL (
  SELECT max((e->>'time_created')::timestamptz) AS last_biz
  FROM jsonb_array_elements(coalesce(src.events, '[]'::jsonb)) e
  WHERE e->>'user_type' = 'BIZ' AND coalesce(e->>'event_type', '') NOT LIKE '%PHONE_NUMBER_OPT%'
) b
CROSS JOIN LATERAL (
  SELECT min((e->>'time_created')::timestamptz) AS waiting
  FROM jsonb_array_elements(coalesce(src.events, '[]'::jsonb)) e
  WHERE e->>'user_type' = 'CONSUMER' AND coalesce(e->>'event_type', '') NOT LIKE '%PHONE_NUMBER_OPT%'
    AND (b.last_biz IS NULL OR (e->>'time_created')::timestamptz > b.last_biz)
) w
WHERE l.id = src.id;--> statement-breakpoint
INSERT INTO "lead_waits" ("client_id", "lead_id", "started_at", "answered_at")
SELECT m.client_id, m.lead_id, m.t, (
  SELECT min((e->>'time_created')::timestamptz)
  FROM jsonb_array_elements(m.events) e
  WHERE e->>'user_type' = 'BIZ' AND coalesce(e->>'event_type', '') NOT LIKE '%PHONE_NUMBER_OPT%'
    AND (e->>'time_created')::timestamptz > m.t
)
FROM (
  SELECT l.client_id, l.lead_id, l.events, (e->>'time_created')::timestamptz AS t, e->>'user_type' AS who,
    lag(e->>'user_type') OVER (PARTITION BY l.id ORDER BY (e->>'time_created')::timestamptz) AS before
  FROM "leads" l, jsonb_array_elements(coalesce(l.events, '[]'::jsonb)) e
  WHERE coalesce(e->>'event_type', '') NOT LIKE '%PHONE_NUMBER_OPT%'
) m
WHERE m.who = 'CONSUMER' AND (m.before IS NULL OR m.before <> 'CONSUMER')
ON CONFLICT DO NOTHING;
