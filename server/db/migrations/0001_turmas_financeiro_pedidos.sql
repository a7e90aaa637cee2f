CREATE TABLE "parcelas" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"descricao" text NOT NULL,
	"numero" integer NOT NULL,
	"total_parcelas" integer NOT NULL,
	"vencimento" date NOT NULL,
	"valor_centavos" integer NOT NULL,
	"valor_pago_centavos" integer,
	"pago_em" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcelas_numero_check" CHECK ("parcelas"."numero" between 1 and "parcelas"."total_parcelas"),
	CONSTRAINT "parcelas_valor_check" CHECK ("parcelas"."valor_centavos" >= 0 and ("parcelas"."valor_pago_centavos" is null or "parcelas"."valor_pago_centavos" >= 0)),
	CONSTRAINT "parcelas_pagamento_check" CHECK (("parcelas"."pago_em" is null) = ("parcelas"."valor_pago_centavos" is null))
);
--> statement-breakpoint
CREATE TABLE "livros" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"codigo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "livros_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "atividades_athome" (
	"id" serial PRIMARY KEY NOT NULL,
	"turma_id" integer NOT NULL,
	"atividade" text NOT NULL,
	"unidade" text,
	"data" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "avaliacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"turma_id" integer NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"data" date,
	"peso" numeric(5, 2) DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avaliacoes_tipo_check" CHECK ("avaliacoes"."tipo" in ('prova', 'trabalho', 'oral', 'participacao')),
	CONSTRAINT "avaliacoes_peso_check" CHECK ("avaliacoes"."peso" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notas" (
	"id" serial PRIMARY KEY NOT NULL,
	"avaliacao_id" integer NOT NULL,
	"turma_aluno_id" integer NOT NULL,
	"nota" numeric(3, 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notas_avaliacao_id_turma_aluno_id_unique" UNIQUE("avaliacao_id","turma_aluno_id"),
	CONSTRAINT "notas_nota_check" CHECK ("notas"."nota" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "notas_athome" (
	"id" serial PRIMARY KEY NOT NULL,
	"atividade_id" integer NOT NULL,
	"turma_aluno_id" integer NOT NULL,
	"nota" numeric(3, 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notas_athome_atividade_id_turma_aluno_id_unique" UNIQUE("atividade_id","turma_aluno_id"),
	CONSTRAINT "notas_athome_nota_check" CHECK ("notas_athome"."nota" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "pre_invoice_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"pre_invoice_id" integer NOT NULL,
	"codigo_produto" text NOT NULL,
	"descricao" text NOT NULL,
	"quantidade" integer NOT NULL,
	"valor_unitario_centavos" integer NOT NULL,
	CONSTRAINT "pre_invoice_items_quantidade_check" CHECK ("pre_invoice_items"."quantidade" >= 1),
	CONSTRAINT "pre_invoice_items_valor_check" CHECK ("pre_invoice_items"."valor_unitario_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pre_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"numero" text NOT NULL,
	"status" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pre_invoices_numero_unique" UNIQUE("numero"),
	CONSTRAINT "pre_invoices_status_check" CHECK ("pre_invoices"."status" in (-3, -2, -1, 1, 2, 4, 5, 6, 7, 8))
);
--> statement-breakpoint
CREATE TABLE "turma_alunos" (
	"id" serial PRIMARY KEY NOT NULL,
	"turma_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"aulas_realizadas" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "turma_alunos_turma_id_user_id_unique" UNIQUE("turma_id","user_id"),
	CONSTRAINT "turma_alunos_aulas_realizadas_check" CHECK ("turma_alunos"."aulas_realizadas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "turmas" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"nome" text NOT NULL,
	"idioma" text NOT NULL,
	"nivel" text NOT NULL,
	"professor" text,
	"sala" text,
	"modalidade" text NOT NULL,
	"somente_digital" boolean DEFAULT false NOT NULL,
	"horarios" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"livro_id" integer,
	"aulas_total" integer DEFAULT 0 NOT NULL,
	"data_inicio" date NOT NULL,
	"data_fim" date,
	"nota_minima" numeric(3, 1) DEFAULT 7 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "turmas_modalidade_check" CHECK ("turmas"."modalidade" in ('presencial', 'online', 'digital')),
	CONSTRAINT "turmas_somente_digital_check" CHECK (not "turmas"."somente_digital" or "turmas"."modalidade" = 'digital'),
	CONSTRAINT "turmas_aulas_total_check" CHECK ("turmas"."aulas_total" >= 0),
	CONSTRAINT "turmas_datas_check" CHECK ("turmas"."data_fim" is null or "turmas"."data_fim" >= "turmas"."data_inicio"),
	CONSTRAINT "turmas_nota_minima_check" CHECK ("turmas"."nota_minima" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pwa_installed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parcelas" ADD CONSTRAINT "parcelas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atividades_athome" ADD CONSTRAINT "atividades_athome_turma_id_turmas_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."turmas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avaliacoes" ADD CONSTRAINT "avaliacoes_turma_id_turmas_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."turmas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_avaliacao_id_avaliacoes_id_fk" FOREIGN KEY ("avaliacao_id") REFERENCES "public"."avaliacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_turma_aluno_id_turma_alunos_id_fk" FOREIGN KEY ("turma_aluno_id") REFERENCES "public"."turma_alunos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_athome" ADD CONSTRAINT "notas_athome_atividade_id_atividades_athome_id_fk" FOREIGN KEY ("atividade_id") REFERENCES "public"."atividades_athome"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_athome" ADD CONSTRAINT "notas_athome_turma_aluno_id_turma_alunos_id_fk" FOREIGN KEY ("turma_aluno_id") REFERENCES "public"."turma_alunos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_invoice_items" ADD CONSTRAINT "pre_invoice_items_pre_invoice_id_pre_invoices_id_fk" FOREIGN KEY ("pre_invoice_id") REFERENCES "public"."pre_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD CONSTRAINT "pre_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turma_alunos" ADD CONSTRAINT "turma_alunos_turma_id_turmas_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."turmas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turma_alunos" ADD CONSTRAINT "turma_alunos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turmas" ADD CONSTRAINT "turmas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turmas" ADD CONSTRAINT "turmas_livro_id_livros_id_fk" FOREIGN KEY ("livro_id") REFERENCES "public"."livros"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcelas_user_id_vencimento_idx" ON "parcelas" USING btree ("user_id","vencimento");--> statement-breakpoint
CREATE INDEX "atividades_athome_turma_id_idx" ON "atividades_athome" USING btree ("turma_id");--> statement-breakpoint
CREATE INDEX "avaliacoes_turma_id_idx" ON "avaliacoes" USING btree ("turma_id");--> statement-breakpoint
CREATE INDEX "notas_turma_aluno_id_idx" ON "notas" USING btree ("turma_aluno_id");--> statement-breakpoint
CREATE INDEX "notas_athome_turma_aluno_id_idx" ON "notas_athome" USING btree ("turma_aluno_id");--> statement-breakpoint
CREATE INDEX "pre_invoice_items_pre_invoice_id_idx" ON "pre_invoice_items" USING btree ("pre_invoice_id");--> statement-breakpoint
CREATE INDEX "pre_invoices_user_id_created_at_idx" ON "pre_invoices" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "turma_alunos_user_id_idx" ON "turma_alunos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "turmas_company_id_idx" ON "turmas" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "turmas_livro_id_idx" ON "turmas" USING btree ("livro_id");