CREATE TABLE "xero_call_counts" (
	"tenant_id" text NOT NULL,
	"window" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "xero_call_counts_tenant_id_window_pk" PRIMARY KEY("tenant_id","window")
);
--> statement-breakpoint
CREATE TABLE "xero_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"tenant_id" text,
	"tenant_name" text,
	"tenants" jsonb NOT NULL,
	"tokens" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"problem" text,
	"connected_by" uuid,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xero_contacts" (
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"local_id" uuid NOT NULL,
	"contact_id" text NOT NULL,
	"name" text NOT NULL,
	"how" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xero_contacts_tenant_id_kind_local_id_pk" PRIMARY KEY("tenant_id","kind","local_id")
);
--> statement-breakpoint
CREATE TABLE "xero_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"needs_attention" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"sending_until" timestamp with time zone,
	"idempotency_key" text,
	"tenant_id" text,
	"xero_id" text,
	"xero_number" text,
	"amount_pence" integer NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xero_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xero_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"sales_account_code" text NOT NULL,
	"sales_tax_type" text NOT NULL,
	"purchase_account_code" text NOT NULL,
	"purchase_tax_type" text NOT NULL,
	"invoice_status" text NOT NULL,
	"due_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xero_sync_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_body" text,
	"response_status" integer,
	"response_body" text,
	"error" text,
	"duration_ms" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "xero_connections" ADD CONSTRAINT "xero_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xero_documents" ADD CONSTRAINT "xero_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xero_sync_attempts" ADD CONSTRAINT "xero_sync_attempts_document_id_xero_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."xero_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "xero_documents_order_kind_unique" ON "xero_documents" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "xero_documents_created_idx" ON "xero_documents" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xero_documents_due_idx" ON "xero_documents" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "xero_sync_attempts_document_idx" ON "xero_sync_attempts" USING btree ("document_id","started_at");