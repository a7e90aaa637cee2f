DROP INDEX "club_pedidos_recompensa_status_idx";--> statement-breakpoint
DROP INDEX "club_indicacoes_status_idx";--> statement-breakpoint
DROP INDEX "knn_usa_requests_status_idx";--> statement-breakpoint
CREATE INDEX "club_indicacoes_created_at_idx" ON "club_indicacoes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "club_pedidos_recompensa_status_created_at_idx" ON "club_pedidos_recompensa" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "club_pedidos_recompensa_created_at_idx" ON "club_pedidos_recompensa" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "knn_usa_requests_created_at_idx" ON "knn_usa_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "club_indicacoes_status_idx" ON "club_indicacoes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "knn_usa_requests_status_idx" ON "knn_usa_requests" USING btree ("status","created_at","id");