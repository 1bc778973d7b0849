DROP INDEX "customers_created_idx";--> statement-breakpoint
DROP INDEX "messages_created_idx";--> statement-breakpoint
DROP INDEX "messages_status_idx";--> statement-breakpoint
DROP INDEX "orders_received_idx";--> statement-breakpoint
DROP INDEX "orders_status_received_idx";--> statement-breakpoint
DROP INDEX "orders_kit_status_idx";--> statement-breakpoint
DROP INDEX "orders_partner_idx";--> statement-breakpoint
DROP INDEX "orders_contractor_idx";--> statement-breakpoint
DROP INDEX "orders_sla_due_idx";--> statement-breakpoint
DROP INDEX "partner_api_requests_at_idx";--> statement-breakpoint
DROP INDEX "partner_api_requests_partner_at_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_endpoint_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_created_idx";--> statement-breakpoint
CREATE INDEX "messages_related_idx" ON "messages" USING btree ("related_type","related_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_id_idx" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "orders_requested_idx" ON "orders" USING btree (coalesce("requested_date", 'infinity'::date),"id");--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_partner_idx" ON "webhook_deliveries" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "messages_status_idx" ON "messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_received_idx" ON "orders" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_received_idx" ON "orders" USING btree ("status","received_at","id");--> statement-breakpoint
CREATE INDEX "orders_kit_status_idx" ON "orders" USING btree ("kit_status","received_at","id");--> statement-breakpoint
CREATE INDEX "orders_partner_idx" ON "orders" USING btree ("partner_id","received_at","id");--> statement-breakpoint
CREATE INDEX "orders_contractor_idx" ON "orders" USING btree ("contractor_id","received_at","id");--> statement-breakpoint
CREATE INDEX "orders_sla_due_idx" ON "orders" USING btree ("sla_due_at","id");--> statement-breakpoint
CREATE INDEX "partner_api_requests_at_idx" ON "partner_api_requests" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "partner_api_requests_partner_at_idx" ON "partner_api_requests" USING btree ("partner_id","at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" USING btree ("created_at","id");