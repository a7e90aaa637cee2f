CREATE TABLE "pratica_audios" (
	"id" serial PRIMARY KEY NOT NULL,
	"livro_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"duracao_segundos" integer NOT NULL,
	"arquivo" text NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pratica_audios_duracao_check" CHECK ("pratica_audios"."duracao_segundos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pratica_resultados" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"turma_aluno_id" integer NOT NULL,
	"teste_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"respostas" jsonb NOT NULL,
	"acertos" integer NOT NULL,
	"total" integer NOT NULL,
	"nota" numeric(3, 1) NOT NULL,
	"feito_em" timestamp with time zone NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pratica_resultados_user_key_unique" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "pratica_resultados_nota_check" CHECK ("pratica_resultados"."nota" between 0 and 10),
	CONSTRAINT "pratica_resultados_acertos_check" CHECK ("pratica_resultados"."acertos" between 0 and "pratica_resultados"."total")
);
--> statement-breakpoint
CREATE TABLE "pratica_teste_atividades" (
	"id" serial PRIMARY KEY NOT NULL,
	"teste_id" integer NOT NULL,
	"turma_id" integer NOT NULL,
	"atividade_athome_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pratica_teste_atividades_atividade_unique" UNIQUE("atividade_athome_id"),
	CONSTRAINT "pratica_teste_atividades_teste_turma_unique" UNIQUE("teste_id","turma_id")
);
--> statement-breakpoint
CREATE TABLE "pratica_testes" (
	"id" serial PRIMARY KEY NOT NULL,
	"livro_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"unidade" text,
	"questoes" jsonb NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pratica_vocabulario" (
	"id" serial PRIMARY KEY NOT NULL,
	"livro_id" integer NOT NULL,
	"palavra" text NOT NULL,
	"traducao" text NOT NULL,
	"exemplo" text NOT NULL,
	"audio" text,
	"ordem" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pratica_audios" ADD CONSTRAINT "pratica_audios_livro_id_livros_id_fk" FOREIGN KEY ("livro_id") REFERENCES "public"."livros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pratica_resultados" ADD CONSTRAINT "pratica_resultados_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pratica_resultados" ADD CONSTRAINT "pratica_resultados_turma_aluno_id_turma_alunos_id_fk" FOREIGN KEY ("turma_aluno_id") REFERENCES "public"."turma_alunos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pratica_resultados" ADD CONSTRAINT "pratica_resultados_teste_id_pratica_testes_id_fk" FOREIGN KEY ("teste_id") REFERENCES "public"."pratica_testes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pratica_teste_atividades" ADD CONSTRAINT "pratica_teste_atividades_teste_id_pratica_testes_id_fk" FOREIGN KEY ("teste_id") REFERENCES "public"."pratica_testes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pratica_teste_atividades" ADD CONSTRAINT "pratica_teste_atividades_turma_id_turmas_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."turmas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pratica_teste_atividades" ADD CONSTRAINT "pratica_teste_atividades_atividade_athome_id_atividades_athome_id_fk" FOREIGN KEY ("atividade_athome_id") REFERENCES "public"."atividades_athome"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pratica_testes" ADD CONSTRAINT "pratica_testes_livro_id_livros_id_fk" FOREIGN KEY ("livro_id") REFERENCES "public"."livros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pratica_vocabulario" ADD CONSTRAINT "pratica_vocabulario_livro_id_livros_id_fk" FOREIGN KEY ("livro_id") REFERENCES "public"."livros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pratica_audios_livro_id_idx" ON "pratica_audios" USING btree ("livro_id");--> statement-breakpoint
CREATE INDEX "pratica_resultados_turma_aluno_id_idx" ON "pratica_resultados" USING btree ("turma_aluno_id");--> statement-breakpoint
CREATE INDEX "pratica_testes_livro_id_idx" ON "pratica_testes" USING btree ("livro_id");--> statement-breakpoint
CREATE INDEX "pratica_vocabulario_livro_id_idx" ON "pratica_vocabulario" USING btree ("livro_id");