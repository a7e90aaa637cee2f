CREATE TABLE "knn_usa_documentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"chave" text NOT NULL,
	"tipo_midia" text NOT NULL,
	"tamanho" integer NOT NULL,
	"sha256" text NOT NULL,
	"status" text DEFAULT 'enviado' NOT NULL,
	"motivo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knn_usa_documentos_tipo_check" CHECK ("knn_usa_documentos"."tipo" in ('passaporte', 'autorizacao_viagem')),
	CONSTRAINT "knn_usa_documentos_status_check" CHECK ("knn_usa_documentos"."status" in ('enviado', 'reenviar', 'substituido'))
);
--> statement-breakpoint
CREATE TABLE "knn_usa_livros" (
	"id" serial PRIMARY KEY NOT NULL,
	"turma_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knn_usa_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"turma_id" integer NOT NULL,
	"status" text DEFAULT 'em_analise' NOT NULL,
	"passaporte_numero" text NOT NULL,
	"passaporte_validade" date NOT NULL,
	"data_nascimento" date NOT NULL,
	"menor" boolean NOT NULL,
	"responsavel_nome" text,
	"responsavel_cpf" text,
	"pendencia_tipos" jsonb,
	"pendencia_motivo" text,
	"motivo_cancelamento" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"pago_em" timestamp with time zone,
	"valor_pago_centavos" integer,
	CONSTRAINT "knn_usa_requests_status_check" CHECK ("knn_usa_requests"."status" in ('em_analise', 'documentos_pendentes', 'aprovado', 'pago', 'cancelado')),
	CONSTRAINT "knn_usa_requests_pago_check" CHECK (("knn_usa_requests"."status" = 'pago') = ("knn_usa_requests"."pago_em" is not null)),
	CONSTRAINT "knn_usa_requests_responsavel_check" CHECK (not "knn_usa_requests"."menor" or ("knn_usa_requests"."responsavel_nome" is not null and "knn_usa_requests"."responsavel_cpf" is not null)),
	CONSTRAINT "knn_usa_requests_responsavel_cpf_check" CHECK ("knn_usa_requests"."responsavel_cpf" ~ '^[0-9]{11}$'),
	CONSTRAINT "knn_usa_requests_pendencia_check" CHECK (("knn_usa_requests"."status" = 'documentos_pendentes') = ("knn_usa_requests"."pendencia_tipos" is not null and "knn_usa_requests"."pendencia_motivo" is not null))
);
--> statement-breakpoint
CREATE TABLE "knn_usa_turmas" (
	"id" serial PRIMARY KEY NOT NULL,
	"programa" text NOT NULL,
	"nome" text NOT NULL,
	"cidade" text NOT NULL,
	"data_ida" date NOT NULL,
	"data_volta" date NOT NULL,
	"vagas" integer NOT NULL,
	"preco_centavos" integer NOT NULL,
	"moeda" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knn_usa_turmas_programa_check" CHECK ("knn_usa_turmas"."programa" in ('orlando', 'london')),
	CONSTRAINT "knn_usa_turmas_moeda_check" CHECK (("knn_usa_turmas"."programa" = 'orlando' and "knn_usa_turmas"."moeda" = 'USD') or ("knn_usa_turmas"."programa" = 'london' and "knn_usa_turmas"."moeda" = 'GBP')),
	CONSTRAINT "knn_usa_turmas_datas_check" CHECK ("knn_usa_turmas"."data_volta" > "knn_usa_turmas"."data_ida"),
	CONSTRAINT "knn_usa_turmas_vagas_check" CHECK ("knn_usa_turmas"."vagas" > 0),
	CONSTRAINT "knn_usa_turmas_preco_check" CHECK ("knn_usa_turmas"."preco_centavos" > 0)
);
--> statement-breakpoint
ALTER TABLE "cobrancas" DROP CONSTRAINT "cobrancas_alvo_check";--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "knn_usa_request_id" integer;--> statement-breakpoint
ALTER TABLE "knn_usa_documentos" ADD CONSTRAINT "knn_usa_documentos_request_id_knn_usa_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."knn_usa_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knn_usa_livros" ADD CONSTRAINT "knn_usa_livros_turma_id_knn_usa_turmas_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."knn_usa_turmas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knn_usa_requests" ADD CONSTRAINT "knn_usa_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knn_usa_requests" ADD CONSTRAINT "knn_usa_requests_turma_id_knn_usa_turmas_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."knn_usa_turmas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knn_usa_documentos_request_idx" ON "knn_usa_documentos" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knn_usa_documentos_atual_unique" ON "knn_usa_documentos" USING btree ("request_id","tipo") WHERE "knn_usa_documentos"."status" <> 'substituido';--> statement-breakpoint
CREATE UNIQUE INDEX "knn_usa_livros_turma_titulo_unique" ON "knn_usa_livros" USING btree ("turma_id","titulo");--> statement-breakpoint
CREATE UNIQUE INDEX "knn_usa_requests_aberta_unique" ON "knn_usa_requests" USING btree ("user_id") WHERE "knn_usa_requests"."status" in ('em_analise', 'documentos_pendentes', 'aprovado');--> statement-breakpoint
CREATE INDEX "knn_usa_requests_turma_idx" ON "knn_usa_requests" USING btree ("turma_id","status");--> statement-breakpoint
CREATE INDEX "knn_usa_requests_status_idx" ON "knn_usa_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "knn_usa_turmas_nome_unique" ON "knn_usa_turmas" USING btree ("programa","nome");--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_knn_usa_request_id_knn_usa_requests_id_fk" FOREIGN KEY ("knn_usa_request_id") REFERENCES "public"."knn_usa_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cobrancas_knn_usa_pendente_unique" ON "cobrancas" USING btree ("knn_usa_request_id") WHERE "cobrancas"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "cobrancas_knn_usa_request_id_idx" ON "cobrancas" USING btree ("knn_usa_request_id","status");--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_alvo_check" CHECK (num_nonnulls("cobrancas"."parcela_id", "cobrancas"."pre_invoice_id", "cobrancas"."cotacao_cambio_id", "cobrancas"."knn_usa_request_id") = 1);