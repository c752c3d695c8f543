CREATE TABLE "account_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"status" text NOT NULL,
	"remove_comments" boolean DEFAULT false NOT NULL,
	"requested_by" text DEFAULT 'owner' NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"restore_token_hash" text,
	"parked" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"closed_at" timestamp with time zone,
	"erase_after" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"token_hash" text,
	"archive" "bytea",
	"bytes" integer,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletions_due" ON "account_deletions" USING btree ("erase_after") WHERE "account_deletions"."status" = 'closed';--> statement-breakpoint
CREATE INDEX "account_deletions_user" ON "account_deletions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_restore_token" ON "account_deletions" USING btree ("restore_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_confirm_token" ON "account_deletions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "data_exports_user_created" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_token" ON "data_exports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "data_exports_preparing" ON "data_exports" USING btree ("created_at") WHERE "data_exports"."status" = 'preparing';