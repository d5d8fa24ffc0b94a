CREATE TABLE "lead_activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"lead_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor_username" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "yelp_subscription_state" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "yelp_subscription_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "yelp_subscription_error" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "yelp_resubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "read_requested_event_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "read_event_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD CONSTRAINT "lead_activity_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "lead_activity_lead_idx" ON "lead_activity" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_activity_replied_uq" ON "lead_activity" USING btree ("lead_id") WHERE kind in ('replied_phone', 'replied_email');