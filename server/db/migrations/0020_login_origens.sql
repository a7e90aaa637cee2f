CREATE TABLE "login_origens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"prospex" text,
	"cupom" text,
	"company" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_origens_some_value_check" CHECK ("login_origens"."prospex" is not null or "login_origens"."cupom" is not null or "login_origens"."company" is not null),
	CONSTRAINT "login_origens_length_check" CHECK (coalesce(length("login_origens"."prospex"), 0) <= 100 and coalesce(length("login_origens"."cupom"), 0) <= 100 and coalesce(length("login_origens"."company"), 0) <= 100)
);
--> statement-breakpoint
ALTER TABLE "login_origens" ADD CONSTRAINT "login_origens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_origens_user_id_idx" ON "login_origens" USING btree ("user_id","created_at");