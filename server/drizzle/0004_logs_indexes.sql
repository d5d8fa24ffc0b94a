ALTER TABLE "webhook_logs" ADD COLUMN "direction" text GENERATED ALWAYS AS (case
        when lower(endpoint) like '%/businesses/subscriptions%' or lower(endpoint) like '%api.yelp.com%'
          or lower(endpoint) like '%leadconnectorhq.com%' then 'outgoing'
        when lower(endpoint) like '%/yelp/webhook%' or lower(endpoint) like '%/reply%'
          or lower(endpoint) like '%/ghl/webhook%' then 'incoming'
        else 'internal' end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "api_request_logs_endpoint_created_idx" ON "api_request_logs" USING btree ("endpoint","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_request_logs_direction_created_idx" ON "api_request_logs" USING btree ("direction","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_logs_endpoint_created_idx" ON "webhook_logs" USING btree ("endpoint","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_logs_direction_created_idx" ON "webhook_logs" USING btree ("direction","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);