CREATE TABLE "topic_letter_recipients" (
	"letter_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "topic_letter_recipients_letter_id_user_id_pk" PRIMARY KEY("letter_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "topic_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic" text NOT NULL,
	"lang" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"audience" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "topic_letter_recipients" ADD CONSTRAINT "topic_letter_recipients_letter_id_topic_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."topic_letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_letter_recipients" ADD CONSTRAINT "topic_letter_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_letters" ADD CONSTRAINT "topic_letters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topic_letter_recipients_pending" ON "topic_letter_recipients" USING btree ("letter_id") WHERE "topic_letter_recipients"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "topic_letters_created" ON "topic_letters" USING btree ("created_at");