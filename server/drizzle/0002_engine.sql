CREATE TABLE "lead_imports" (
	"client_id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"status" text NOT NULL,
	"leads_found" integer DEFAULT 0 NOT NULL,
	"leads_queued" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "parked_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"provider" text NOT NULL,
	"queue" text NOT NULL,
	"data" jsonb NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yelp_event_claims" (
	"event_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"lead_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"message_row_id" integer,
	"ghl_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "external_key" text;--> statement-breakpoint
CREATE INDEX "parked_jobs_client_idx" ON "parked_jobs" USING btree ("client_id","provider");--> statement-breakpoint
CREATE INDEX "yelp_event_claims_lead_idx" ON "yelp_event_claims" USING btree ("lead_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_external_key_unique" UNIQUE("external_key");