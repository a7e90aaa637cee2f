CREATE TABLE "push_notices" (
	"user_id" integer NOT NULL,
	"sending_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "push_notices_pkey" PRIMARY KEY("user_id","sending_id")
);
--> statement-breakpoint
ALTER TABLE "push_notices" ADD CONSTRAINT "push_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notices" ADD CONSTRAINT "push_notices_sending_id_push_sendings_id_fk" FOREIGN KEY ("sending_id") REFERENCES "public"."push_sendings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_notices_user_sent_idx" ON "push_notices" USING btree ("user_id","sent_at" DESC NULLS LAST,"sending_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "push_notices_sending_id_idx" ON "push_notices" USING btree ("sending_id");