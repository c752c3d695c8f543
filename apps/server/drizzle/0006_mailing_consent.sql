ALTER TABLE "mailing_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailing_subscriptions" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "mailing_subscriptions" ADD COLUMN "unsubscribed_at" timestamp with time zone;