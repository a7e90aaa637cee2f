ALTER TABLE "cobrancas" ALTER COLUMN "parcela_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "pre_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_pre_invoice_id_pre_invoices_id_fk" FOREIGN KEY ("pre_invoice_id") REFERENCES "public"."pre_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cobrancas_pedido_pendente_unique" ON "cobrancas" USING btree ("pre_invoice_id") WHERE "cobrancas"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "cobrancas_pre_invoice_id_idx" ON "cobrancas" USING btree ("pre_invoice_id","status");--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_alvo_check" CHECK (("cobrancas"."parcela_id" is null) <> ("cobrancas"."pre_invoice_id" is null));