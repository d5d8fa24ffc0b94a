CREATE TABLE "api_request_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"endpoint" text NOT NULL,
	"method" text NOT NULL,
	"status_code" integer,
	"client_id" text,
	"platform" text,
	"request_headers" jsonb,
	"request_body" jsonb,
	"response_headers" jsonb,
	"response_body" jsonb,
	"error" text,
	"duration" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"actor_username" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"yelp_tokens" jsonb,
	"ghl_tokens" jsonb,
	"ghl_location_api_key" text,
	"ghl_location_id" text,
	"ghl_custom_fields" jsonb,
	"ghl_custom_fields_status" text DEFAULT 'not_configured' NOT NULL,
	"ghl_custom_fields_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity" timestamp with time zone,
	CONSTRAINT "clients_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "ghl_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"lead_id" text NOT NULL,
	"ghl_contact_id" text NOT NULL,
	"ghl_location_id" text,
	"contact_data" jsonb NOT NULL,
	"sync_status" text DEFAULT 'synced' NOT NULL,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ghl_custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"field_name" text NOT NULL,
	"ghl_field_id" text,
	"ghl_field_name" text,
	"data_type" text DEFAULT 'TEXT' NOT NULL,
	"options" jsonb,
	"source_type" text DEFAULT 'standard' NOT NULL,
	"source_data" jsonb,
	"api_response" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" text NOT NULL,
	"client_id" text NOT NULL,
	"business_id" text,
	"conversation_id" text,
	"user_display_name" text,
	"temporary_email_address" text,
	"temporary_email_expiry" timestamp with time zone,
	"project_data" jsonb,
	"user_data" jsonb,
	"time_created" timestamp with time zone NOT NULL,
	"last_event_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"events" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_lead_id_unique" UNIQUE("lead_id")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"direction" text NOT NULL,
	"platform" text,
	"message_id" text,
	"conversation_id" text,
	"content" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" varchar(50) NOT NULL,
	"permissions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_permissions_role_unique" UNIQUE("role")
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_settings_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "user_client_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_by" integer
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_sessions_session_token_unique" UNIQUE("session_token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"role" varchar(50) DEFAULT 'viewer' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "webhook_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"method" text NOT NULL,
	"status_code" integer,
	"payload" jsonb,
	"response" jsonb,
	"error" text,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_client_assignments" ADD CONSTRAINT "user_client_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_client_assignments" ADD CONSTRAINT "user_client_assignments_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "user_client_assignments" ADD CONSTRAINT "user_client_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_request_logs_created_at_idx" ON "api_request_logs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_request_logs_client_created_idx" ON "api_request_logs" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clients_created_at_idx" ON "clients" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "clients_last_activity_idx" ON "clients" USING btree ("last_activity");--> statement-breakpoint
CREATE UNIQUE INDEX "ghl_contacts_client_lead_uq" ON "ghl_contacts" USING btree ("client_id","lead_id");--> statement-breakpoint
CREATE INDEX "ghl_contacts_contact_idx" ON "ghl_contacts" USING btree ("ghl_contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ghl_custom_fields_client_field_uq" ON "ghl_custom_fields" USING btree ("client_id","field_name");--> statement-breakpoint
CREATE INDEX "leads_last_event_idx" ON "leads" USING btree ("last_event_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_client_last_event_idx" ON "leads" USING btree ("client_id","last_event_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_status_last_event_idx" ON "leads" USING btree ("status","last_event_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_time_created_idx" ON "leads" USING btree ("time_created");--> statement-breakpoint
CREATE INDEX "login_failures_lookup_idx" ON "login_failures" USING btree ("username","address","created_at");--> statement-breakpoint
CREATE INDEX "messages_created_at_idx" ON "messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_client_created_idx" ON "messages" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_status_created_idx" ON "messages" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_direction_created_idx" ON "messages" USING btree ("direction","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "user_client_assignments_user_client_uq" ON "user_client_assignments" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "user_client_assignments_client_idx" ON "user_client_assignments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_sessions_expires_idx" ON "user_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "webhook_logs_created_at_idx" ON "webhook_logs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_logs_client_created_idx" ON "webhook_logs" USING btree ("client_id","created_at" DESC NULLS LAST);