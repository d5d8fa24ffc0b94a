DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_address" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "onboarding_nonce" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "onboarding_expires_at" timestamp with time zone DEFAULT now() + interval '7 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "onboarding_outlives_connection" boolean DEFAULT false NOT NULL;