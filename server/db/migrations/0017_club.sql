CREATE TABLE "club_alocacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"debito_id" integer NOT NULL,
	"credito_id" integer NOT NULL,
	"pontos" integer NOT NULL,
	CONSTRAINT "club_alocacoes_pontos_check" CHECK ("club_alocacoes"."pontos" > 0)
);
--> statement-breakpoint
CREATE TABLE "club_codigos_indicacao" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "club_cupons_parceria" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"empresa" text NOT NULL,
	"beneficio" text NOT NULL,
	"percentual" integer,
	"pontos" integer,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_por" integer,
	"usado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_cupons_parceria_beneficio_check" CHECK ("club_cupons_parceria"."beneficio" in ('desconto', 'pontos')),
	CONSTRAINT "club_cupons_parceria_valor_check" CHECK (("club_cupons_parceria"."beneficio" = 'desconto' and "club_cupons_parceria"."percentual" between 1 and 100 and "club_cupons_parceria"."pontos" is null) or ("club_cupons_parceria"."beneficio" = 'pontos' and "club_cupons_parceria"."pontos" > 0 and "club_cupons_parceria"."percentual" is null))
);
--> statement-breakpoint
CREATE TABLE "club_indicacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"nome" text NOT NULL,
	"telefone" text NOT NULL,
	"email" text NOT NULL,
	"consentimento_em" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'novo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_indicacoes_status_check" CHECK ("club_indicacoes"."status" in ('novo', 'contatado', 'matriculado', 'descartado'))
);
--> statement-breakpoint
CREATE TABLE "club_movimentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"origem" text NOT NULL,
	"referencia" text NOT NULL,
	"pontos" integer NOT NULL,
	"descricao" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_movimentos_tipo_check" CHECK ("club_movimentos"."tipo" in ('credito', 'debito')),
	CONSTRAINT "club_movimentos_origem_check" CHECK ("club_movimentos"."origem" in ('indicacao', 'parcela', 'parceria', 'resgate', 'estorno')),
	CONSTRAINT "club_movimentos_origem_tipo_check" CHECK (("club_movimentos"."tipo" = 'debito') = ("club_movimentos"."origem" = 'resgate')),
	CONSTRAINT "club_movimentos_pontos_check" CHECK ("club_movimentos"."pontos" > 0)
);
--> statement-breakpoint
CREATE TABLE "club_pedidos_recompensa" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"recompensa_id" integer NOT NULL,
	"pontos" integer NOT NULL,
	"status" text DEFAULT 'solicitado' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_pedidos_recompensa_status_check" CHECK ("club_pedidos_recompensa"."status" in ('solicitado', 'separado', 'entregue', 'cancelado')),
	CONSTRAINT "club_pedidos_recompensa_pontos_check" CHECK ("club_pedidos_recompensa"."pontos" > 0)
);
--> statement-breakpoint
CREATE TABLE "club_recompensas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"descricao" text NOT NULL,
	"imagem" text,
	"custo" integer NOT NULL,
	"estoque" integer NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_recompensas_custo_check" CHECK ("club_recompensas"."custo" > 0),
	CONSTRAINT "club_recompensas_estoque_check" CHECK ("club_recompensas"."estoque" >= 0)
);
--> statement-breakpoint
ALTER TABLE "club_alocacoes" ADD CONSTRAINT "club_alocacoes_debito_id_club_movimentos_id_fk" FOREIGN KEY ("debito_id") REFERENCES "public"."club_movimentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_alocacoes" ADD CONSTRAINT "club_alocacoes_credito_id_club_movimentos_id_fk" FOREIGN KEY ("credito_id") REFERENCES "public"."club_movimentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_codigos_indicacao" ADD CONSTRAINT "club_codigos_indicacao_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_cupons_parceria" ADD CONSTRAINT "club_cupons_parceria_usado_por_users_id_fk" FOREIGN KEY ("usado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_indicacoes" ADD CONSTRAINT "club_indicacoes_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_movimentos" ADD CONSTRAINT "club_movimentos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_pedidos_recompensa" ADD CONSTRAINT "club_pedidos_recompensa_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_pedidos_recompensa" ADD CONSTRAINT "club_pedidos_recompensa_recompensa_id_club_recompensas_id_fk" FOREIGN KEY ("recompensa_id") REFERENCES "public"."club_recompensas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_alocacoes_credito_idx" ON "club_alocacoes" USING btree ("credito_id");--> statement-breakpoint
CREATE INDEX "club_alocacoes_debito_idx" ON "club_alocacoes" USING btree ("debito_id");--> statement-breakpoint
CREATE UNIQUE INDEX "club_codigos_indicacao_codigo_unique" ON "club_codigos_indicacao" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "club_cupons_parceria_codigo_unique" ON "club_cupons_parceria" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "club_cupons_parceria_usado_por_idx" ON "club_cupons_parceria" USING btree ("usado_por");--> statement-breakpoint
CREATE UNIQUE INDEX "club_indicacoes_email_unique" ON "club_indicacoes" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "club_indicacoes_telefone_unique" ON "club_indicacoes" USING btree ("telefone");--> statement-breakpoint
CREATE INDEX "club_indicacoes_referrer_idx" ON "club_indicacoes" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "club_indicacoes_status_idx" ON "club_indicacoes" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "club_movimentos_origem_referencia_unique" ON "club_movimentos" USING btree ("origem","referencia");--> statement-breakpoint
CREATE INDEX "club_movimentos_user_idx" ON "club_movimentos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "club_pedidos_recompensa_user_idx" ON "club_pedidos_recompensa" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "club_pedidos_recompensa_status_idx" ON "club_pedidos_recompensa" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "club_recompensas_nome_unique" ON "club_recompensas" USING btree ("nome");