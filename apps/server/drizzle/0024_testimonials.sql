CREATE TABLE "testimonials" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"lang" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"video_url" text,
	"screenshot" "bytea",
	"screenshot_type" text,
	"screenshot_width" integer,
	"screenshot_height" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"consent_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "testimonials_user" ON "testimonials" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "testimonials_published" ON "testimonials" USING btree ("status","kind","position");