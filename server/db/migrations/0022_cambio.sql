CREATE TABLE "cambio_cotacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"moeda" text NOT NULL,
	"de_reais" boolean NOT NULL,
	"valor_moeda_centavos" integer NOT NULL,
	"valor_reais_centavos" integer NOT NULL,
	"iof_centavos" integer NOT NULL,
	"total_centavos" integer NOT NULL,
	"taxa_milionesimos" integer NOT NULL,
	"taxa_data" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valida_ate" timestamp with time zone NOT NULL,
	"pago_em" timestamp with time zone,
	CONSTRAINT "cambio_cotacoes_moeda_check" CHECK ("cambio_cotacoes"."moeda" in ('USD', 'EUR', 'GBP')),
	CONSTRAINT "cambio_cotacoes_total_check" CHECK ("cambio_cotacoes"."total_centavos" = "cambio_cotacoes"."valor_reais_centavos" + "cambio_cotacoes"."iof_centavos"),
	CONSTRAINT "cambio_cotacoes_valor_check" CHECK ("cambio_cotacoes"."valor_moeda_centavos" > 0 and "cambio_cotacoes"."valor_reais_centavos" > 0 and "cambio_cotacoes"."iof_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cambio_taxas" (
	"moeda" text PRIMARY KEY NOT NULL,
	"taxa_milionesimos" integer NOT NULL,
	"data" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cambio_taxas_moeda_check" CHECK ("cambio_taxas"."moeda" in ('USD', 'EUR', 'GBP')),
	CONSTRAINT "cambio_taxas_taxa_check" CHECK ("cambio_taxas"."taxa_milionesimos" > 0)
);
--> statement-breakpoint
ALTER TABLE "cobrancas" DROP CONSTRAINT "cobrancas_alvo_check";--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "cotacao_cambio_id" integer;--> statement-breakpoint
ALTER TABLE "cambio_cotacoes" ADD CONSTRAINT "cambio_cotacoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cambio_cotacoes_user_id_idx" ON "cambio_cotacoes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_cotacao_cambio_id_cambio_cotacoes_id_fk" FOREIGN KEY ("cotacao_cambio_id") REFERENCES "public"."cambio_cotacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cobrancas_cambio_pendente_unique" ON "cobrancas" USING btree ("cotacao_cambio_id") WHERE "cobrancas"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "cobrancas_cotacao_cambio_id_idx" ON "cobrancas" USING btree ("cotacao_cambio_id","status");--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_alvo_check" CHECK (num_nonnulls("cobrancas"."parcela_id", "cobrancas"."pre_invoice_id", "cobrancas"."cotacao_cambio_id") = 1);