CREATE TABLE "ai_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"lead_id" text NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"edited" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_automation" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD CONSTRAINT "ai_drafts_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "ai_drafts_client_created_idx" ON "ai_drafts" USING btree ("client_id","created_at");