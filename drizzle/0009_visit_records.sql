CREATE TABLE "visit_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"visit_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"category" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"original_bytes" integer,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "check_in_accuracy_m" double precision;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "survey" jsonb;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "other_serials" jsonb;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "serial_mismatch_reason" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "serials_saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "commissioning" jsonb;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "signature_key" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_photos" ADD CONSTRAINT "visit_photos_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_photos" ADD CONSTRAINT "visit_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_photos" ADD CONSTRAINT "visit_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_photos_visit_idx" ON "visit_photos" USING btree ("visit_id","category");