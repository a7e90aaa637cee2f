CREATE TABLE "cobrancas" (
	"id" serial PRIMARY KEY NOT NULL,
	"parcela_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"metodo" text NOT NULL,
	"txid" text NOT NULL,
	"valor_centavos" integer NOT NULL,
	"status" text NOT NULL,
	"copia_e_cola" text,
	"expira_em" timestamp with time zone,
	"bandeira" text,
	"final_cartao" text,
	"parcelas" integer,
	"autorizacao" text,
	"recusa" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pago_em" timestamp with time zone,
	CONSTRAINT "cobrancas_txid_unique" UNIQUE("txid"),
	CONSTRAINT "cobrancas_metodo_check" CHECK ("cobrancas"."metodo" in ('pix', 'cartao')),
	CONSTRAINT "cobrancas_status_check" CHECK ("cobrancas"."status" in ('pendente', 'pago', 'expirado', 'recusado')),
	CONSTRAINT "cobrancas_txid_check" CHECK ("cobrancas"."txid" ~ '^[A-Za-z0-9]{25}$'),
	CONSTRAINT "cobrancas_valor_check" CHECK ("cobrancas"."valor_centavos" >= 0),
	CONSTRAINT "cobrancas_pago_check" CHECK (("cobrancas"."status" = 'pago') = ("cobrancas"."pago_em" is not null)),
	CONSTRAINT "cobrancas_pix_check" CHECK ("cobrancas"."metodo" <> 'pix' or ("cobrancas"."status" in ('pendente', 'pago', 'expirado') and "cobrancas"."copia_e_cola" is not null and "cobrancas"."expira_em" is not null and "cobrancas"."final_cartao" is null)),
	CONSTRAINT "cobrancas_cartao_check" CHECK ("cobrancas"."metodo" <> 'cartao' or ("cobrancas"."status" in ('pago', 'recusado') and "cobrancas"."bandeira" is not null and "cobrancas"."final_cartao" ~ '^[0-9]{4}$' and "cobrancas"."parcelas" >= 1 and ("cobrancas"."status" = 'recusado') = ("cobrancas"."recusa" is not null) and ("cobrancas"."status" = 'pago') = ("cobrancas"."autorizacao" is not null)))
);
--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_parcela_id_parcelas_id_fk" FOREIGN KEY ("parcela_id") REFERENCES "public"."parcelas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cobrancas_pendente_unique" ON "cobrancas" USING btree ("parcela_id") WHERE "cobrancas"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "cobrancas_parcela_id_idx" ON "cobrancas" USING btree ("parcela_id","status");--> statement-breakpoint
CREATE INDEX "cobrancas_user_id_idx" ON "cobrancas" USING btree ("user_id");