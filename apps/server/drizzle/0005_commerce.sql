CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor" text NOT NULL,
	"data" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"list_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"promo_code" text,
	"discount_percentage" numeric(5, 2),
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"payer_id" text,
	"confirmation_url" text,
	"save_payment_method" boolean DEFAULT false NOT NULL,
	"failure_reason" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"source" text,
	"lang" text NOT NULL,
	"receipt" jsonb,
	"subscription_id" bigint,
	"renews_period_end" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"plan_id" text,
	"level" integer NOT NULL,
	"days" integer NOT NULL,
	"price_rub" integer NOT NULL,
	"price_usd" integer NOT NULL,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"show" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"product_group" text NOT NULL,
	"parent_id" text,
	"variation_order" integer DEFAULT 0 NOT NULL,
	"recur" boolean DEFAULT false NOT NULL,
	"availability_ru" boolean DEFAULT true NOT NULL,
	"activation_type" text DEFAULT 'immediate' NOT NULL,
	"activation_date" date,
	"activation_color" text,
	"activation_cycle_number" integer,
	"activation_cycle_name" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"name_i18n" jsonb NOT NULL,
	"usp_i18n" jsonb NOT NULL,
	"descr_i18n" jsonb NOT NULL,
	"descr_short_i18n" jsonb NOT NULL,
	"description_long_i18n" jsonb NOT NULL,
	"highlights_i18n" jsonb NOT NULL,
	"variation_name_i18n" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text NOT NULL,
	"save_payment_method" boolean DEFAULT false NOT NULL,
	"payment_method_id" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_charge_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_parent_id_products_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "orders_user_created" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_created" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_payment" ON "orders" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_renewal_per_period" ON "orders" USING btree ("subscription_id","renews_period_end") WHERE "orders"."kind" = 'renewal' and "orders"."status" not in ('failed', 'cancelled');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_inbox_event" ON "payment_inbox" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_inbox_due" ON "payment_inbox" USING btree ("next_attempt_at") WHERE "payment_inbox"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_parent" ON "products" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_order" ON "purchases" USING btree ("order_id") WHERE "purchases"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_due_charge" ON "subscriptions" USING btree ("next_charge_at") WHERE "subscriptions"."next_charge_at" is not null;