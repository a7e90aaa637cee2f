ALTER TABLE "users" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_cpf" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_guardian_cpf_digits_check" CHECK ("users"."guardian_cpf" ~ '^[0-9]{11}$');