CREATE TABLE "client_pipelines" (
	"client_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"pipeline_id" text NOT NULL,
	"stages" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ghl_webhook_receipts" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_opportunities" (
	"lead_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"opportunity_id" text,
	"pipeline_id" text,
	"location_id" text,
	"status_version" integer DEFAULT 0 NOT NULL,
	"synced_version" integer DEFAULT 0 NOT NULL,
	"stage_id" text,
	"ghl_status" text,
	"recent_writes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"changed_in_ghl_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunity_syncs" (
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
ALTER TABLE "client_pipelines" ADD CONSTRAINT "client_pipelines_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "lead_opportunities" ADD CONSTRAINT "lead_opportunities_lead_id_leads_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("lead_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "lead_opportunities" ADD CONSTRAINT "lead_opportunities_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "opportunity_syncs" ADD CONSTRAINT "opportunity_syncs_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "ghl_webhook_receipts_received_idx" ON "ghl_webhook_receipts" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "lead_opportunities_opportunity_idx" ON "lead_opportunities" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "lead_opportunities_client_idx" ON "lead_opportunities" USING btree ("client_id");