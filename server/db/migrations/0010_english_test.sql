CREATE TABLE "english_test_questoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"nivel" text NOT NULL,
	"ordem" integer NOT NULL,
	"enunciado" text NOT NULL,
	"opcoes" text[] NOT NULL,
	"correta" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "english_test_questoes_codigo_unique" UNIQUE("codigo"),
	CONSTRAINT "english_test_questoes_correta_check" CHECK ("english_test_questoes"."correta" >= 0 and "english_test_questoes"."correta" < cardinality("english_test_questoes"."opcoes"))
);
--> statement-breakpoint
CREATE TABLE "english_test_respostas" (
	"tentativa_id" integer NOT NULL,
	"questao_id" integer NOT NULL,
	"opcao" integer NOT NULL,
	"respondida_em" timestamp with time zone NOT NULL,
	CONSTRAINT "english_test_respostas_tentativa_id_questao_id_pk" PRIMARY KEY("tentativa_id","questao_id")
);
--> statement-breakpoint
CREATE TABLE "english_test_tentativas" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"iniciada_em" timestamp with time zone NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"finalizada_em" timestamp with time zone,
	"questao_ids" integer[] NOT NULL,
	"acertos" integer,
	"nivel" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "english_test_respostas" ADD CONSTRAINT "english_test_respostas_tentativa_id_english_test_tentativas_id_fk" FOREIGN KEY ("tentativa_id") REFERENCES "public"."english_test_tentativas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "english_test_respostas" ADD CONSTRAINT "english_test_respostas_questao_id_english_test_questoes_id_fk" FOREIGN KEY ("questao_id") REFERENCES "public"."english_test_questoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "english_test_tentativas" ADD CONSTRAINT "english_test_tentativas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "english_test_tentativas_em_andamento_unique" ON "english_test_tentativas" USING btree ("user_id") WHERE "english_test_tentativas"."finalizada_em" is null;--> statement-breakpoint
CREATE INDEX "english_test_tentativas_user_id_idx" ON "english_test_tentativas" USING btree ("user_id","iniciada_em");