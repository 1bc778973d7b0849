CREATE INDEX "customers_last_name_prefix_idx" ON "customers" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_full_name_prefix_idx" ON "customers" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_postcode_prefix_idx" ON "customers" USING btree (replace("postcode", ' ', '') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_email_prefix_idx" ON "customers" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_number_prefix_idx" ON "orders" USING btree ("order_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_number_sequence_idx" ON "orders" USING btree (split_part("order_number", '-', 3));--> statement-breakpoint
CREATE INDEX "orders_partner_reference_prefix_idx" ON "orders" USING btree (lower("partner_reference") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stock_field_serials_serial_prefix_idx" ON "stock_field_serials" USING btree (upper("serial") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stock_serials_serial_prefix_idx" ON "stock_serials" USING btree (upper("serial") text_pattern_ops);