CREATE TABLE "manager_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"manager_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sending_id" integer NOT NULL,
	"subscription_id" integer,
	"user_id" integer,
	"device_type" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_sending_subscription_unique" UNIQUE("sending_id","subscription_id"),
	CONSTRAINT "push_deliveries_status_check" CHECK ("push_deliveries"."status" in ('queued', 'sent', 'failed', 'gone'))
);
--> statement-breakpoint
CREATE TABLE "push_sendings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'campanha' NOT NULL,
	"created_by" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"image_url" text,
	"audience" jsonb NOT NULL,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"scheduled_for" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_sendings_status_check" CHECK ("push_sendings"."status" in ('rascunho', 'agendado', 'enviando', 'concluido')),
	CONSTRAINT "push_sendings_kind_check" CHECK ("push_sendings"."kind" in ('campanha', 'teste'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"is_pwa" boolean DEFAULT false NOT NULL,
	"device_type" text NOT NULL,
	"brand" text DEFAULT 'knn' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint"),
	CONSTRAINT "push_subscriptions_auth_unique" UNIQUE("auth"),
	CONSTRAINT "push_subscriptions_device_type_check" CHECK ("push_subscriptions"."device_type" in ('mobile', 'desktop')),
	CONSTRAINT "push_subscriptions_brand_check" CHECK ("push_subscriptions"."brand" in ('knn', 'phenom'))
);
--> statement-breakpoint
CREATE TABLE "user_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_actions_delivery_action_unique" UNIQUE("delivery_id","action"),
	CONSTRAINT "user_actions_action_check" CHECK ("user_actions"."action" in ('clicked', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "manager_audit_log" ADD CONSTRAINT "manager_audit_log_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_sending_id_push_sendings_id_fk" FOREIGN KEY ("sending_id") REFERENCES "public"."push_sendings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_sendings" ADD CONSTRAINT "push_sendings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_actions" ADD CONSTRAINT "user_actions_delivery_id_push_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."push_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manager_audit_log_entity_idx" ON "manager_audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_sending_id_status_idx" ON "push_deliveries" USING btree ("sending_id","status");--> statement-breakpoint
CREATE INDEX "push_deliveries_subscription_id_idx" ON "push_deliveries" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "push_sendings_status_idx" ON "push_sendings" USING btree ("status","scheduled_for");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions" USING btree ("user_id");