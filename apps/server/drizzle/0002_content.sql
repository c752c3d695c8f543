CREATE TABLE "content_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"edited_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_responses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"cycle_type" text NOT NULL,
	"cycle_value" integer NOT NULL,
	"lang" text NOT NULL,
	"response" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"content_id" text NOT NULL,
	"cycle_type" text DEFAULT '13days' NOT NULL,
	"tone" integer NOT NULL,
	"lang" text NOT NULL,
	"type_app" text NOT NULL,
	"text" text NOT NULL,
	"options" jsonb,
	"position" integer NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content_responses" ADD CONSTRAINT "content_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_kind_number_lang" ON "content_items" USING btree ("kind","number","lang");--> statement-breakpoint
CREATE UNIQUE INDEX "content_responses_user_question" ON "content_responses" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_items_content_lang" ON "process_items" USING btree ("content_id","lang");--> statement-breakpoint
CREATE INDEX "process_items_tone" ON "process_items" USING btree ("cycle_type","tone","lang");