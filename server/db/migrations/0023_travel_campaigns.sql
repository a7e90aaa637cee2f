CREATE TABLE "campanha_participacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"campanha_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"regulamento_aceito_em" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campanha_participacoes_campanha_user_unique" UNIQUE("campanha_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "campanha_qr_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"campanha_id" integer NOT NULL,
	"codigo" text NOT NULL,
	"descricao" text NOT NULL,
	"entradas" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campanha_qr_codes_codigo_unique" UNIQUE("codigo"),
	CONSTRAINT "campanha_qr_codes_entradas_check" CHECK ("campanha_qr_codes"."entradas" between 1 and 1000),
	CONSTRAINT "campanha_qr_codes_codigo_check" CHECK ("campanha_qr_codes"."codigo" ~ '^[A-Z0-9_-]{1,32}$')
);
--> statement-breakpoint
CREATE TABLE "campanha_validacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"qr_code_id" integer NOT NULL,
	"campanha_id" integer NOT NULL,
	"entradas" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"validado_em" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campanha_validacoes_user_qr_code_unique" UNIQUE("user_id","qr_code_id")
);
--> statement-breakpoint
CREATE TABLE "campanhas_viagem" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"descricao" text NOT NULL,
	"regulamento" text NOT NULL,
	"premio" text NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campanhas_viagem_nome_unique" UNIQUE("nome"),
	CONSTRAINT "campanhas_viagem_periodo_check" CHECK ("campanhas_viagem"."fim" > "campanhas_viagem"."inicio")
);
--> statement-breakpoint
ALTER TABLE "campanha_participacoes" ADD CONSTRAINT "campanha_participacoes_campanha_id_campanhas_viagem_id_fk" FOREIGN KEY ("campanha_id") REFERENCES "public"."campanhas_viagem"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha_participacoes" ADD CONSTRAINT "campanha_participacoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha_qr_codes" ADD CONSTRAINT "campanha_qr_codes_campanha_id_campanhas_viagem_id_fk" FOREIGN KEY ("campanha_id") REFERENCES "public"."campanhas_viagem"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha_validacoes" ADD CONSTRAINT "campanha_validacoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha_validacoes" ADD CONSTRAINT "campanha_validacoes_qr_code_id_campanha_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."campanha_qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campanha_validacoes" ADD CONSTRAINT "campanha_validacoes_campanha_id_campanhas_viagem_id_fk" FOREIGN KEY ("campanha_id") REFERENCES "public"."campanhas_viagem"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campanha_participacoes_user_id_idx" ON "campanha_participacoes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "campanha_qr_codes_campanha_id_idx" ON "campanha_qr_codes" USING btree ("campanha_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campanha_validacoes_user_key_unique" ON "campanha_validacoes" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "campanha_validacoes_campanha_user_idx" ON "campanha_validacoes" USING btree ("campanha_id","user_id");