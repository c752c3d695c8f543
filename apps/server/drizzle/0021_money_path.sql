ALTER TABLE "orders" ADD COLUMN "refund_pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_code" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "max_redemptions" integer DEFAULT 1;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "per_user_limit" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "address_hash" text;--> statement-breakpoint
CREATE INDEX "referrals_address" ON "referrals" USING btree ("address_hash");--> statement-breakpoint
-- Codes made before the limits existed keep what they did: listed, and without a total limit.
UPDATE "promo_codes" SET "public" = true, "max_redemptions" = NULL;