CREATE TABLE "atividade_arquivos" (
	"id" serial PRIMARY KEY NOT NULL,
	"turma_aluno_atividade_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"chave" text NOT NULL,
	"nome" text NOT NULL,
	"tamanho" integer NOT NULL,
	"tipo" text NOT NULL,
	"sha256" text NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	CONSTRAINT "atividade_arquivos_user_id_idempotency_key_unique" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "atividade_arquivos_chave_unique" UNIQUE("chave"),
	CONSTRAINT "atividade_arquivos_tamanho_check" CHECK ("atividade_arquivos"."tamanho" > 0),
	CONSTRAINT "atividade_arquivos_sha256_check" CHECK ("atividade_arquivos"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "atividade_correcoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"turma_aluno_atividade_id" integer NOT NULL,
	"chave" text NOT NULL,
	"nome" text NOT NULL,
	"tamanho" integer NOT NULL,
	"tipo" text NOT NULL,
	"sha256" text NOT NULL,
	"comentario" text,
	"corrigido_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "atividade_correcoes_chave_unique" UNIQUE("chave"),
	CONSTRAINT "atividade_correcoes_tamanho_check" CHECK ("atividade_correcoes"."tamanho" > 0),
	CONSTRAINT "atividade_correcoes_sha256_check" CHECK ("atividade_correcoes"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "turma_aluno_atividades" (
	"id" serial PRIMARY KEY NOT NULL,
	"turma_atividade_id" integer NOT NULL,
	"turma_aluno_id" integer NOT NULL,
	"presenca_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "turma_aluno_atividades_atividade_aluno_unique" UNIQUE("turma_atividade_id","turma_aluno_id")
);
--> statement-breakpoint
CREATE TABLE "turma_atividades" (
	"id" serial PRIMARY KEY NOT NULL,
	"turma_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"enunciado" text NOT NULL,
	"data_entrega" date,
	"aula_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "atividade_arquivos" ADD CONSTRAINT "atividade_arquivos_turma_aluno_atividade_id_turma_aluno_atividades_id_fk" FOREIGN KEY ("turma_aluno_atividade_id") REFERENCES "public"."turma_aluno_atividades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atividade_arquivos" ADD CONSTRAINT "atividade_arquivos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atividade_correcoes" ADD CONSTRAINT "atividade_correcoes_turma_aluno_atividade_id_turma_aluno_atividades_id_fk" FOREIGN KEY ("turma_aluno_atividade_id") REFERENCES "public"."turma_aluno_atividades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turma_aluno_atividades" ADD CONSTRAINT "turma_aluno_atividades_turma_atividade_id_turma_atividades_id_fk" FOREIGN KEY ("turma_atividade_id") REFERENCES "public"."turma_atividades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turma_aluno_atividades" ADD CONSTRAINT "turma_aluno_atividades_turma_aluno_id_turma_alunos_id_fk" FOREIGN KEY ("turma_aluno_id") REFERENCES "public"."turma_alunos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turma_atividades" ADD CONSTRAINT "turma_atividades_turma_id_turmas_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."turmas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "atividade_arquivos_turma_aluno_atividade_id_idx" ON "atividade_arquivos" USING btree ("turma_aluno_atividade_id");--> statement-breakpoint
CREATE INDEX "atividade_correcoes_turma_aluno_atividade_id_idx" ON "atividade_correcoes" USING btree ("turma_aluno_atividade_id");--> statement-breakpoint
CREATE INDEX "turma_aluno_atividades_turma_aluno_id_idx" ON "turma_aluno_atividades" USING btree ("turma_aluno_id");--> statement-breakpoint
CREATE INDEX "turma_atividades_turma_id_idx" ON "turma_atividades" USING btree ("turma_id");