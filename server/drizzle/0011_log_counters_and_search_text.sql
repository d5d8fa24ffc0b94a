CREATE TABLE "log_counters" (
	"source" text NOT NULL,
	"client_key" text NOT NULL,
	"slot" integer NOT NULL,
	"rows" bigint NOT NULL,
	CONSTRAINT "log_counters_source_client_key_slot_pk" PRIMARY KEY("source","client_key","slot")
);
--> statement-breakpoint
DROP INDEX "api_request_logs_search_trgm_idx";--> statement-breakpoint
DROP INDEX "webhook_logs_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "api_request_logs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower((endpoint || ' ' || method || ' ' || coalesce(status_code::text, '') || ' ' || coalesce(error, '') || ' ' || coalesce(request_body::text, '') || ' ' || coalesce(response_body::text, '')))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_logs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower((endpoint || ' ' || method || ' ' || coalesce(status_code::text, '') || ' ' || coalesce(error, '') || ' ' || coalesce(payload::text, '') || ' ' || coalesce(response::text, '')))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "api_request_logs_search_text_trgm_idx" ON "api_request_logs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "webhook_logs_search_text_trgm_idx" ON "webhook_logs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Hand-written: keep when regenerating. The triggers that keep log_counters (db/schema.ts): one
-- upsert per writing statement and client (statement-level, through the transition table), so a
-- group-committed batch of webhook logs costs one small upsert, not one per row. Rows in order
-- of client_key: two statements of one slot lock their counter rows in the same order.
CREATE FUNCTION "log_counters_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "log_counters" ("source", "client_key", "slot", "rows")
  SELECT TG_TABLE_NAME, coalesce("client_id", ''), pg_backend_pid() % 16, count(*)
  FROM "changed_rows" GROUP BY 2 ORDER BY 2
  ON CONFLICT ("source", "client_key", "slot") DO UPDATE SET "rows" = "log_counters"."rows" + excluded."rows";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "log_counters_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "log_counters" ("source", "client_key", "slot", "rows")
  SELECT TG_TABLE_NAME, coalesce("client_id", ''), pg_backend_pid() % 16, -count(*)
  FROM "changed_rows" GROUP BY 2 ORDER BY 2
  ON CONFLICT ("source", "client_key", "slot") DO UPDATE SET "rows" = "log_counters"."rows" + excluded."rows";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A row moved to another client (messages follow a renamed client id by ON UPDATE CASCADE).
-- Row-level: PostgreSQL refuses transition tables on a trigger limited to a column, and such
-- moves are rare.
CREATE FUNCTION "log_counters_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "log_counters" ("source", "client_key", "slot", "rows")
  VALUES (TG_TABLE_NAME, coalesce(OLD."client_id", ''), pg_backend_pid() % 16, -1),
    (TG_TABLE_NAME, coalesce(NEW."client_id", ''), pg_backend_pid() % 16, 1)
  ON CONFLICT ("source", "client_key", "slot") DO UPDATE SET "rows" = "log_counters"."rows" + excluded."rows";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "log_counters_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "log_counters" WHERE "source" = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_count_insert" AFTER INSERT ON "messages" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_counters_add"();--> statement-breakpoint
CREATE TRIGGER "messages_count_delete" AFTER DELETE ON "messages" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_counters_remove"();--> statement-breakpoint
CREATE TRIGGER "messages_count_move" AFTER UPDATE OF "client_id" ON "messages" FOR EACH ROW
  WHEN (OLD."client_id" IS DISTINCT FROM NEW."client_id") EXECUTE FUNCTION "log_counters_move"();--> statement-breakpoint
CREATE TRIGGER "messages_count_truncate" AFTER TRUNCATE ON "messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_counters_reset"();--> statement-breakpoint
CREATE TRIGGER "webhook_logs_count_insert" AFTER INSERT ON "webhook_logs" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_counters_add"();--> statement-breakpoint
CREATE TRIGGER "webhook_logs_count_delete" AFTER DELETE ON "webhook_logs" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_counters_remove"();--> statement-breakpoint
CREATE TRIGGER "webhook_logs_count_move" AFTER UPDATE OF "client_id" ON "webhook_logs" FOR EACH ROW
  WHEN (OLD."client_id" IS DISTINCT FROM NEW."client_id") EXECUTE FUNCTION "log_counters_move"();--> statement-breakpoint
CREATE TRIGGER "webhook_logs_count_truncate" AFTER TRUNCATE ON "webhook_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_counters_reset"();--> statement-breakpoint
CREATE TRIGGER "api_request_logs_count_insert" AFTER INSERT ON "api_request_logs" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_counters_add"();--> statement-breakpoint
CREATE TRIGGER "api_request_logs_count_delete" AFTER DELETE ON "api_request_logs" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_counters_remove"();--> statement-breakpoint
CREATE TRIGGER "api_request_logs_count_move" AFTER UPDATE OF "client_id" ON "api_request_logs" FOR EACH ROW
  WHEN (OLD."client_id" IS DISTINCT FROM NEW."client_id") EXECUTE FUNCTION "log_counters_move"();--> statement-breakpoint
CREATE TRIGGER "api_request_logs_count_truncate" AFTER TRUNCATE ON "api_request_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_counters_reset"();--> statement-breakpoint
-- The rows already there (the triggers count from here on, in the same transaction).
INSERT INTO "log_counters" ("source", "client_key", "slot", "rows")
SELECT 'messages', coalesce("client_id", ''), 0, count(*) FROM "messages" GROUP BY 2
UNION ALL SELECT 'webhook_logs', coalesce("client_id", ''), 0, count(*) FROM "webhook_logs" GROUP BY 2
UNION ALL SELECT 'api_request_logs', coalesce("client_id", ''), 0, count(*) FROM "api_request_logs" GROUP BY 2;--> statement-breakpoint
-- Hand-written: keep when regenerating. Statistics for the new columns now, not at the next
-- autovacuum: without them the planner takes a term matching a third of the rows for a rare one
-- and reads them through the trigram bitmap (2 s at 1M rows) instead of one sequential pass.
ANALYZE "api_request_logs";--> statement-breakpoint
ANALYZE "webhook_logs";
