DROP INDEX "api_request_logs_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "webhook_logs_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "api_request_logs" ALTER COLUMN "search_text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_request_logs" ALTER COLUMN "search_text" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "webhook_logs" ALTER COLUMN "search_text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_logs" ALTER COLUMN "search_text" DROP EXPRESSION;--> statement-breakpoint
CREATE INDEX "api_request_logs_unindexed_idx" ON "api_request_logs" USING btree ("id") WHERE "api_request_logs"."search_text" is null;--> statement-breakpoint
CREATE INDEX "webhook_logs_unindexed_idx" ON "webhook_logs" USING btree ("id") WHERE "webhook_logs"."search_text" is null;--> statement-breakpoint
CREATE INDEX "api_request_logs_search_text_trgm_idx" ON "api_request_logs" USING gin ("search_text" gin_trgm_ops) WHERE "api_request_logs"."search_text" is not null;--> statement-breakpoint
CREATE INDEX "webhook_logs_search_text_trgm_idx" ON "webhook_logs" USING gin ("search_text" gin_trgm_ops) WHERE "webhook_logs"."search_text" is not null;--> statement-breakpoint
-- Hand-written: keep when regenerating. A webhook's answer waits for its log row's commit, so the
-- row's derived data is no longer written with it: the log-index job fills search_text and
-- counts the row in log_counters, in one statement (repositories/log-index.repository.ts), and
-- the counters of these two tables hold the indexed rows only. The rows kept their search_text
-- (DROP EXPRESSION keeps the values), so every existing row is already indexed and counted.
DROP TRIGGER "webhook_logs_count_insert" ON "webhook_logs";--> statement-breakpoint
DROP TRIGGER "api_request_logs_count_insert" ON "api_request_logs";--> statement-breakpoint
-- A deleted row leaves the counters only if it was counted.
CREATE FUNCTION "log_counters_remove_indexed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "log_counters" ("source", "client_key", "slot", "rows")
  SELECT TG_TABLE_NAME, coalesce("client_id", ''), pg_backend_pid() % 16, -count(*)
  FROM "changed_rows" WHERE "search_text" IS NOT NULL GROUP BY 2 ORDER BY 2
  ON CONFLICT ("source", "client_key", "slot") DO UPDATE SET "rows" = "log_counters"."rows" + excluded."rows";
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "webhook_logs_count_delete" ON "webhook_logs";--> statement-breakpoint
CREATE TRIGGER "webhook_logs_count_delete" AFTER DELETE ON "webhook_logs" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_counters_remove_indexed"();--> statement-breakpoint
DROP TRIGGER "api_request_logs_count_delete" ON "api_request_logs";--> statement-breakpoint
CREATE TRIGGER "api_request_logs_count_delete" AFTER DELETE ON "api_request_logs" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "log_counters_remove_indexed"();--> statement-breakpoint
-- A counted row moved to another client; an uncounted one is counted under its new client when indexed.
DROP TRIGGER "webhook_logs_count_move" ON "webhook_logs";--> statement-breakpoint
CREATE TRIGGER "webhook_logs_count_move" AFTER UPDATE OF "client_id" ON "webhook_logs" FOR EACH ROW
  WHEN (OLD."client_id" IS DISTINCT FROM NEW."client_id" AND OLD."search_text" IS NOT NULL)
  EXECUTE FUNCTION "log_counters_move"();--> statement-breakpoint
DROP TRIGGER "api_request_logs_count_move" ON "api_request_logs";--> statement-breakpoint
CREATE TRIGGER "api_request_logs_count_move" AFTER UPDATE OF "client_id" ON "api_request_logs" FOR EACH ROW
  WHEN (OLD."client_id" IS DISTINCT FROM NEW."client_id" AND OLD."search_text" IS NOT NULL)
  EXECUTE FUNCTION "log_counters_move"();
