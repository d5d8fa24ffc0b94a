CREATE TABLE "contact_syncs" (
	"client_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"leads_total" integer DEFAULT 0 NOT NULL,
	"leads_done" integer DEFAULT 0 NOT NULL,
	"success" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contact_syncs" ADD CONSTRAINT "contact_syncs_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;