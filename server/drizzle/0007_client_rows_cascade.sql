-- Rows of clients deleted before this migration (claims and imports were left behind, and a
-- running sync could re-insert leads after a delete): remove them so the keys can be added.
-- Hand-written: keep when regenerating (issue 10 item 10).
DELETE FROM "ghl_contacts" WHERE "client_id" NOT IN (SELECT "client_id" FROM "clients");--> statement-breakpoint
DELETE FROM "lead_imports" WHERE "client_id" NOT IN (SELECT "client_id" FROM "clients");--> statement-breakpoint
DELETE FROM "leads" WHERE "client_id" NOT IN (SELECT "client_id" FROM "clients");--> statement-breakpoint
DELETE FROM "messages" WHERE "client_id" NOT IN (SELECT "client_id" FROM "clients");--> statement-breakpoint
DELETE FROM "yelp_event_claims" WHERE "client_id" NOT IN (SELECT "client_id" FROM "clients");--> statement-breakpoint
ALTER TABLE "ghl_contacts" ADD CONSTRAINT "ghl_contacts_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD CONSTRAINT "lead_imports_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "yelp_event_claims" ADD CONSTRAINT "yelp_event_claims_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;