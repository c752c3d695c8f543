CREATE TABLE "crm_connections" (
	"provider" text PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"connected_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_topic_consents" (
	"user_id" uuid NOT NULL,
	"list_id" integer NOT NULL,
	"topic" text NOT NULL,
	"subscribed" boolean NOT NULL,
	"consent_version" text NOT NULL,
	"consented_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_topic_consents_user_id_list_id_topic_pk" PRIMARY KEY("user_id","list_id","topic")
);
--> statement-breakpoint
ALTER TABLE "crm_connections" ADD CONSTRAINT "crm_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_topic_consents" ADD CONSTRAINT "email_topic_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_topic_consents_topic" ON "email_topic_consents" USING btree ("list_id","topic");