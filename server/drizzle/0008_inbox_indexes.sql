-- pg_trgm backs the inbox free-text search; migration 0005 created it already, this line keeps the file self-contained.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(
  coalesce(user_display_name, '') || ' ' ||
  coalesce(user_data->>'display_name', '') || ' ' ||
  coalesce(user_data->>'email', '') || ' ' ||
  coalesce(user_data->>'temporary_email', '') || ' ' ||
  coalesce(user_data->>'phone', '') || ' ' ||
  regexp_replace(coalesce(user_data->>'phone', ''), '[^0-9]', '', 'g') || ' ' ||
  coalesce(user_data->>'postal_code', '') || ' ' ||
  coalesce(project_data->>'additional_info', '') || ' ' ||
  coalesce(project_data->>'postal_code', '') || ' ' ||
  coalesce((project_data->'job_names')::text, '') || ' ' ||
  coalesce((project_data->'survey_fields')::text, '') || ' ' ||
  coalesce(jsonb_path_query_array(events, '$[*].description')::text, '')
)) STORED;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "availability" text GENERATED ALWAYS AS (project_data->>'availability_status') STORED;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "has_phone" boolean GENERATED ALWAYS AS (coalesce(user_data->>'phone', '') <> '') STORED;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "has_email" boolean GENERATED ALWAYS AS (coalesce(user_data->>'email', '') <> '' and user_data->>'email' is distinct from coalesce(user_data->>'temporary_email', temporary_email_address)) STORED;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_message" text GENERATED ALWAYS AS (case when events->-1->>'user_type' = 'BIZ' then 'outbound' else 'inbound' end) STORED;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "job_names" jsonb GENERATED ALWAYS AS (coalesce(project_data->'job_names', '[]'::jsonb)) STORED;--> statement-breakpoint
CREATE INDEX "leads_availability_last_event_idx" ON "leads" USING btree ("availability","last_event_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_last_message_last_event_idx" ON "leads" USING btree ("last_message","last_event_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_has_phone_idx" ON "leads" USING btree ("last_event_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE has_phone;--> statement-breakpoint
CREATE INDEX "leads_has_email_idx" ON "leads" USING btree ("last_event_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE has_email;--> statement-breakpoint
CREATE INDEX "leads_job_names_idx" ON "leads" USING gin ("job_names" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "leads_facets_idx" ON "leads" USING btree ("client_id","availability","job_names");--> statement-breakpoint
CREATE INDEX "leads_search_text_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);