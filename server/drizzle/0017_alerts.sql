CREATE TABLE "alert_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"target" text NOT NULL,
	"secret" text,
	"events" jsonb NOT NULL,
	"client_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sla_minutes" integer DEFAULT 5 NOT NULL,
	"quiet_hours" jsonb,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"event_key" text NOT NULL,
	"type" text NOT NULL,
	"channel_id" text NOT NULL,
	"client_id" text,
	"lead_id" text,
	"condition_key" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"payload" jsonb NOT NULL,
	"delivery_id" text NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "missed_webhooks" (
	"client_id" text PRIMARY KEY NOT NULL,
	"found" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_channel_id_alert_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."alert_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missed_webhooks" ADD CONSTRAINT "missed_webhooks_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_event_channel_uq" ON "alerts" USING btree ("event_key","channel_id");--> statement-breakpoint
CREATE INDEX "alerts_created_idx" ON "alerts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_condition_idx" ON "alerts" USING btree ("channel_id","condition_key","created_at");--> statement-breakpoint
CREATE INDEX "alerts_client_created_idx" ON "alerts" USING btree ("client_id","created_at" DESC NULLS LAST);