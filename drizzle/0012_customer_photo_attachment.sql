ALTER TABLE "customer_photos" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customer_photos_link_idx" ON "customer_photos" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "customer_photos_unattached_idx" ON "customer_photos" USING btree ("created_at") WHERE "customer_photos"."attached_at" is null;--> statement-breakpoint
-- Photos already sent with a form, or with a kit-arrived confirmation, count as attached.
UPDATE "customer_photos" AS p SET "attached_at" = s."submitted_at"
  FROM "customer_form_submissions" AS s
  WHERE s."order_id" = p."order_id"
    AND s."answers" -> 'photoIds' @> jsonb_build_array(p."id"::text);--> statement-breakpoint
UPDATE "customer_photos" AS p SET "attached_at" = e."created_at"
  FROM "order_events" AS e
  WHERE p."attached_at" IS NULL
    AND e."order_id" = p."order_id"
    AND e."type" = 'confirm_kit_arrived'
    AND e."data" ->> 'photoId' = p."id"::text;
