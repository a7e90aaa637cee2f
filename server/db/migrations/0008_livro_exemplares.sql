CREATE TABLE "livro_exemplares" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"livro_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"linked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "livro_exemplares_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "livro_exemplares" ADD CONSTRAINT "livro_exemplares_livro_id_livros_id_fk" FOREIGN KEY ("livro_id") REFERENCES "public"."livros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livro_exemplares" ADD CONSTRAINT "livro_exemplares_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livro_exemplares" ADD CONSTRAINT "livro_exemplares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "livro_exemplares_user_id_idx" ON "livro_exemplares" USING btree ("user_id");