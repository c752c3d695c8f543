CREATE TABLE "comment_cycle_counts" (
	"cycle_type" text NOT NULL,
	"cycle_value" integer NOT NULL,
	"cycle_sub_value" integer NOT NULL,
	"lang" text NOT NULL,
	"is_sum" boolean NOT NULL,
	"threads" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "comment_cycle_counts_cycle_type_cycle_value_cycle_sub_value_lang_is_sum_pk" PRIMARY KEY("cycle_type","cycle_value","cycle_sub_value","lang","is_sum")
);
--> statement-breakpoint
CREATE TABLE "comment_votes" (
	"comment_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"value" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_votes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"cycle_type" text NOT NULL,
	"cycle_value" integer NOT NULL,
	"cycle_sub_value" integer DEFAULT 0 NOT NULL,
	"lang" text NOT NULL,
	"is_sum" boolean DEFAULT false NOT NULL,
	"reply_to_id" bigint,
	"root_id" bigint,
	"depth" smallint DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"content_html" text NOT NULL,
	"is_edited" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"dislikes_count" integer DEFAULT 0 NOT NULL,
	"score" integer GENERATED ALWAYS AS (likes_count - dislikes_count) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_votes" ADD CONSTRAINT "comment_votes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_votes" ADD CONSTRAINT "comment_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_to_id_comments_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_root_id_comments_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_votes_user_idx" ON "comment_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_top_idx" ON "comments" USING btree ("cycle_type","cycle_value","cycle_sub_value","lang","is_sum","score" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."reply_to_id" is null;--> statement-breakpoint
CREATE INDEX "comments_new_idx" ON "comments" USING btree ("cycle_type","cycle_value","cycle_sub_value","lang","is_sum","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."reply_to_id" is null;--> statement-breakpoint
CREATE INDEX "comments_thread_idx" ON "comments" USING btree ("root_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_reply_to_idx" ON "comments" USING btree ("reply_to_id");--> statement-breakpoint
CREATE INDEX "comments_user_created_idx" ON "comments" USING btree ("user_id","created_at");