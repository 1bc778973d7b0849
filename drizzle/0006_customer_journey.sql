CREATE TABLE "portal_proof_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"ip_address" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "portal_proof_failures_order_idx" ON "portal_proof_failures" USING btree ("order_number","at");