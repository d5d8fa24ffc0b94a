CREATE TABLE "ghl_daily_caps" (
	"location_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_budget_slots" (
	"key" text NOT NULL,
	"slot" integer NOT NULL,
	"taken_at" timestamp with time zone DEFAULT 'epoch' NOT NULL,
	CONSTRAINT "rate_budget_slots_key_slot_pk" PRIMARY KEY("key","slot")
);
--> statement-breakpoint
ALTER TABLE "ghl_daily_caps" ADD CONSTRAINT "ghl_daily_caps_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- Hand-written (decision 0015): the budget slots are runtime state, rewritten around every provider
-- call on PostgreSQL, so they skip the WAL. After a crash PostgreSQL empties an unlogged table;
-- the next claim of a key finds no slot and puts them back (repositories/rate-budget.repository.ts).
ALTER TABLE "rate_budget_slots" SET UNLOGGED;
