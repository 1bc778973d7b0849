ALTER TABLE "partner_api_requests" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_api_requests" ADD COLUMN "aggregate_key" text;--> statement-breakpoint
ALTER TABLE "partner_api_requests" ADD CONSTRAINT "partner_api_requests_aggregate_key_unique" UNIQUE("aggregate_key");