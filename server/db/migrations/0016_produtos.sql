CREATE SEQUENCE "public"."pre_invoices_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "pre_invoice_alunos" (
	"pre_invoice_id" integer PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"cpf" text NOT NULL,
	"email" text NOT NULL,
	"cep" text NOT NULL,
	"street" text NOT NULL,
	"street_number" text NOT NULL,
	"complemento" text,
	"bairro" text NOT NULL,
	"cidade" text NOT NULL,
	"uf" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"codigo" text PRIMARY KEY NOT NULL,
	"livro_id" integer NOT NULL,
	"nome" text NOT NULL,
	"nivel" text NOT NULL,
	"imagem_url" text,
	"requires_level_test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD COLUMN "produto_solicitado" text;--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD COLUMN "quantidade_solicitada" integer;--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD COLUMN "parcelas" integer;--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "pre_invoice_alunos" ADD CONSTRAINT "pre_invoice_alunos_pre_invoice_id_pre_invoices_id_fk" FOREIGN KEY ("pre_invoice_id") REFERENCES "public"."pre_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_livro_id_livros_id_fk" FOREIGN KEY ("livro_id") REFERENCES "public"."livros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD CONSTRAINT "pre_invoices_user_id_idempotency_key_unique" UNIQUE("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD CONSTRAINT "pre_invoices_quantidade_solicitada_check" CHECK ("pre_invoices"."quantidade_solicitada" between 1 and 6);--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD CONSTRAINT "pre_invoices_parcelas_check" CHECK ("pre_invoices"."parcelas" between 1 and 12);