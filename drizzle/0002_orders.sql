CREATE SEQUENCE "public"."customer_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "contractor_rates" (
	"contractor_id" uuid NOT NULL,
	"job_type_id" uuid NOT NULL,
	"payout_pence" integer NOT NULL,
	CONSTRAINT "contractor_rates_contractor_id_job_type_id_pk" PRIMARY KEY("contractor_id","job_type_id")
);
--> statement-breakpoint
CREATE TABLE "contractors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company_number" text,
	"vat_number" text,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"address_line1" text,
	"address_line2" text,
	"town" text,
	"county" text,
	"postcode" text,
	"coverage_areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"town" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"notes" text,
	"validation_status" text DEFAULT 'unvalidated' NOT NULL,
	"rejection_reason" text,
	"validated_at" timestamp with time zone,
	"validated_by" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "job_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"default_price_pence" integer NOT NULL,
	"default_payout_pence" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text NOT NULL,
	"actor_name" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"from_kit_status" text,
	"to_kit_status" text,
	"reason" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"partner_id" uuid NOT NULL,
	"partner_reference" text,
	"customer_id" uuid NOT NULL,
	"job_type_id" uuid NOT NULL,
	"price_pence" integer NOT NULL,
	"payout_pence" integer NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"kit_status" text DEFAULT 'awaiting_dispatch' NOT NULL,
	"hold_from_status" text,
	"courier" text,
	"tracking_number" text,
	"kit_dispatched_at" timestamp with time zone,
	"kit_arrived_at" timestamp with time zone,
	"contractor_id" uuid,
	"contractor_offered_at" timestamp with time zone,
	"contractor_accepted_at" timestamp with time zone,
	"requested_date" date,
	"notes" text,
	"sla_target_days" integer NOT NULL,
	"sla_at_risk_at" timestamp with time zone NOT NULL,
	"sla_due_at" timestamp with time zone NOT NULL,
	"sla_stopped_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"sla_target_days" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"contractor_id" uuid NOT NULL,
	"engineer_id" uuid NOT NULL,
	"scheduled_date" date NOT NULL,
	"slot" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"checked_in_at" timestamp with time zone,
	"check_in_latitude" text,
	"check_in_longitude" text,
	"checked_out_at" timestamp with time zone,
	"outcome" text,
	"failure_reason" text,
	"outcome_notes" text,
	"customer_sign_off_name" text,
	"serials" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"kit_override_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contractor_rates" ADD CONSTRAINT "contractor_rates_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_rates" ADD CONSTRAINT "contractor_rates_job_type_id_job_types_id_fk" FOREIGN KEY ("job_type_id") REFERENCES "public"."job_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_job_type_id_job_types_id_fk" FOREIGN KEY ("job_type_id") REFERENCES "public"."job_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_engineer_id_users_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "customers_postcode_name_idx" ON "customers" USING btree ("postcode",lower("last_name"));--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_events_created_idx" ON "order_events" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_partner_reference_unique" ON "orders" USING btree ("partner_id","partner_reference") WHERE "orders"."partner_reference" is not null;--> statement-breakpoint
CREATE INDEX "orders_received_idx" ON "orders" USING btree ("received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_received_idx" ON "orders" USING btree ("status","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_kit_status_idx" ON "orders" USING btree ("kit_status","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_partner_idx" ON "orders" USING btree ("partner_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_contractor_idx" ON "orders" USING btree ("contractor_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_job_type_idx" ON "orders" USING btree ("job_type_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_sla_due_idx" ON "orders" USING btree ("sla_due_at");--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visits_order_idx" ON "visits" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "visits_engineer_date_idx" ON "visits" USING btree ("engineer_id","scheduled_date");--> statement-breakpoint
CREATE INDEX "visits_contractor_date_idx" ON "visits" USING btree ("contractor_id","scheduled_date");--> statement-breakpoint
CREATE INDEX "visits_date_idx" ON "visits" USING btree ("scheduled_date");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE set null ON UPDATE no action;