CREATE TABLE "aula_online_presencas" (
	"id" serial PRIMARY KEY NOT NULL,
	"aula_online_id" integer NOT NULL,
	"turma_aluno_id" integer NOT NULL,
	"presenca_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aula_online_presencas_aula_aluno_unique" UNIQUE("aula_online_id","turma_aluno_id")
);
--> statement-breakpoint
CREATE TABLE "aulas_online" (
	"id" serial PRIMARY KEY NOT NULL,
	"turma_id" integer NOT NULL,
	"tema" text NOT NULL,
	"professor" text,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aulas_online_fim_check" CHECK ("aulas_online"."fim" > "aulas_online"."inicio"),
	CONSTRAINT "aulas_online_link_check" CHECK ("aulas_online"."link" ~ '^https://')
);
--> statement-breakpoint
ALTER TABLE "aula_online_presencas" ADD CONSTRAINT "aula_online_presencas_aula_online_id_aulas_online_id_fk" FOREIGN KEY ("aula_online_id") REFERENCES "public"."aulas_online"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aula_online_presencas" ADD CONSTRAINT "aula_online_presencas_turma_aluno_id_turma_alunos_id_fk" FOREIGN KEY ("turma_aluno_id") REFERENCES "public"."turma_alunos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aulas_online" ADD CONSTRAINT "aulas_online_turma_id_turmas_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."turmas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aula_online_presencas_turma_aluno_id_idx" ON "aula_online_presencas" USING btree ("turma_aluno_id");--> statement-breakpoint
CREATE INDEX "aulas_online_turma_id_inicio_idx" ON "aulas_online" USING btree ("turma_id","inicio");