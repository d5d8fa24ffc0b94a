-- Locations and connections as rows (docs/decisions/0028): a client's Yelp and GHL sign-ins move from
-- clients.yelp_tokens / ghl_tokens / ghl_location_api_key / ghl_location_id to provider_connections,
-- and its Yelp business with its subscription state to locations. Sealed values are copied as stored
-- (never opened here). The old columns stay one release, emptied, so an older backup still restores.
CREATE TABLE "provider_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"provider" text NOT NULL,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"api_key" text,
	"account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text DEFAULT 'yelp' NOT NULL,
	"business_id" text NOT NULL,
	"client_id" text NOT NULL,
	"connection_id" integer,
	"name" text,
	"timezone" text,
	"hours" jsonb,
	"enabled" boolean DEFAULT true NOT NULL,
	"webhook_subscribed" boolean DEFAULT false NOT NULL,
	"subscription_state" text,
	"subscription_checked_at" timestamp with time zone,
	"subscription_error" text,
	"resubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_connections" ADD CONSTRAINT "provider_connections_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_connection_id_provider_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."provider_connections"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "provider_connections_client_provider_uq" ON "provider_connections" USING btree ("client_id","provider");
--> statement-breakpoint
CREATE INDEX "provider_connections_ghl_location_idx" ON "provider_connections" USING btree ((coalesce("account_id", "facts"->>'locationId'))) WHERE "provider_connections"."provider" = 'ghl';
--> statement-breakpoint
CREATE UNIQUE INDEX "locations_source_business_uq" ON "locations" USING btree ("source","business_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "locations_client_source_uq" ON "locations" USING btree ("client_id","source");
--> statement-breakpoint
-- The same move the restore of an older backup runs (repositories/legacy-connections.repository.ts).
INSERT INTO "provider_connections" ("client_id", "provider", "facts", "access_token", "refresh_token")
SELECT "client_id", 'yelp',
	"yelp_tokens" - 'accessToken' - 'refreshToken' - 'businessId' - 'webhookSubscribed',
	"yelp_tokens"->>'accessToken', "yelp_tokens"->>'refreshToken'
FROM "clients" WHERE jsonb_typeof("yelp_tokens") = 'object'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "provider_connections" ("client_id", "provider", "facts", "access_token", "refresh_token", "api_key", "account_id")
SELECT "client_id", 'ghl',
	CASE WHEN jsonb_typeof("ghl_tokens") = 'object' THEN "ghl_tokens" - 'accessToken' - 'refreshToken' ELSE '{}'::jsonb END,
	"ghl_tokens"->>'accessToken', "ghl_tokens"->>'refreshToken', "ghl_location_api_key", "ghl_location_id"
FROM "clients"
WHERE jsonb_typeof("ghl_tokens") = 'object' OR "ghl_location_api_key" IS NOT NULL OR "ghl_location_id" IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "locations" ("source", "business_id", "client_id", "connection_id", "webhook_subscribed",
	"subscription_state", "subscription_checked_at", "subscription_error", "resubscribed_at")
SELECT 'yelp', c."yelp_tokens"->>'businessId', c."client_id", pc."id",
	coalesce((c."yelp_tokens"->>'webhookSubscribed')::boolean, false),
	c."yelp_subscription_state", c."yelp_subscription_checked_at", c."yelp_subscription_error", c."yelp_resubscribed_at"
FROM "clients" c
JOIN "provider_connections" pc ON pc."client_id" = c."client_id" AND pc."provider" = 'yelp'
WHERE c."yelp_tokens"->>'businessId' IS NOT NULL
ORDER BY c."id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "clients" SET "yelp_tokens" = NULL, "ghl_tokens" = NULL, "ghl_location_api_key" = NULL, "ghl_location_id" = NULL,
	"yelp_subscription_state" = NULL, "yelp_subscription_checked_at" = NULL, "yelp_subscription_error" = NULL,
	"yelp_resubscribed_at" = NULL
WHERE "yelp_tokens" IS NOT NULL OR "ghl_tokens" IS NOT NULL OR "ghl_location_api_key" IS NOT NULL
	OR "ghl_location_id" IS NOT NULL OR "yelp_subscription_state" IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "clients_yelp_business_idx";
