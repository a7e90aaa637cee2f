CREATE INDEX "drive_users_company_id_idx" ON "drive_users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "pre_invoices_status_created_at_idx" ON "pre_invoices" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "pre_invoices_fulfilment_created_at_idx" ON "pre_invoices" USING btree ("created_at","id") WHERE "pre_invoices"."status" in (2, 4, 5, 6, 7);