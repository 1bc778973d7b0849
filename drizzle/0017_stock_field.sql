CREATE TABLE "stock_field_serials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"engineer_id" uuid,
	"serial" text NOT NULL,
	"label" text NOT NULL,
	"status" text NOT NULL,
	"problem" text,
	"batch_id" uuid,
	"resolution" text,
	"resolution_note" text,
	"resolved_by_name" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_low_stock_emails" (
	"day" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_field_serials" ADD CONSTRAINT "stock_field_serials_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_field_serials" ADD CONSTRAINT "stock_field_serials_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_field_serials" ADD CONSTRAINT "stock_field_serials_engineer_id_users_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_field_serials_visit_serial" ON "stock_field_serials" USING btree ("visit_id","serial");--> statement-breakpoint
CREATE INDEX "stock_field_serials_status_idx" ON "stock_field_serials" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "stock_field_serials_order_idx" ON "stock_field_serials" USING btree ("order_id");--> statement-breakpoint
-- custom SQL (keep when renumbering)
-- Depots and vans are now made with their contractor and engineer (decision 062); these are the
-- ones made before that, which stock used to make when it first listed locations.
INSERT INTO "stock_locations" ("kind", "name", "contractor_id")
SELECT 'depot', c."name", c."id" FROM "contractors" c
WHERE NOT EXISTS (SELECT 1 FROM "stock_locations" l WHERE l."kind" = 'depot' AND l."contractor_id" = c."id");
--> statement-breakpoint
INSERT INTO "stock_locations" ("kind", "name", "contractor_id", "engineer_id")
SELECT 'van', trim(u."first_name" || ' ' || u."last_name"), u."contractor_id", u."id" FROM "users" u
WHERE (u."role" = 'engineer' OR 'engineer' = ANY (u."additional_roles"))
  AND NOT EXISTS (SELECT 1 FROM "stock_locations" l WHERE l."kind" = 'van' AND l."engineer_id" = u."id");
