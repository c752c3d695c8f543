-- Rows whose actor was erased before erasures left tombstones: they get one tombstone for all of them.
INSERT INTO "users" ("id", "email", "password_hash", "closed_at", "erased_at", "created_at", "updated_at")
SELECT gen_random_uuid(), 'erased-before-tombstones@erased.invalid', '!', now(), now(), now(), now()
WHERE EXISTS (SELECT 1 FROM "admin_audit" WHERE "actor_id" IS NULL)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "admin_audit" SET "actor_id" = (
  SELECT "id" FROM "users" WHERE "email" = 'erased-before-tombstones@erased.invalid'
) WHERE "actor_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "admin_audit" ALTER COLUMN "actor_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
-- Audit rows are append-only: no update or delete, except the erasure's rewrite, which announces itself.
CREATE OR REPLACE FUNCTION "admin_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('hunab.audit_rewrite', true) = 'erasure' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'admin_audit rows are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "admin_audit_append_only" BEFORE UPDATE OR DELETE ON "admin_audit"
FOR EACH ROW EXECUTE FUNCTION "admin_audit_append_only"();
--> statement-breakpoint
-- Stored addresses lose their site, query and fragment: the one-time links' tokens kept until now go.
UPDATE "analytics_events"
SET "url" = coalesce(nullif(regexp_replace(regexp_replace("url", '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*', ''), '[?#].*$', ''), ''), '/')
WHERE "url" ~ '[?#]' OR "url" ~ '^[a-zA-Z][a-zA-Z0-9+.-]*://';
--> statement-breakpoint
UPDATE "frontend_errors"
SET "error" = jsonb_set("error", '{url}', to_jsonb(coalesce(nullif(regexp_replace(regexp_replace("error"->>'url', '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*', ''), '[?#].*$', ''), ''), '/')))
WHERE jsonb_typeof("error"->'url') = 'string';
--> statement-breakpoint
UPDATE "crm_events"
SET "payload" = jsonb_set("payload", '{pageUrl}', to_jsonb(coalesce(nullif(regexp_replace(regexp_replace("payload"->>'pageUrl', '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*', ''), '[?#].*$', ''), ''), '/')))
WHERE jsonb_typeof("payload"->'pageUrl') = 'string';
--> statement-breakpoint
UPDATE "crm_events"
SET "payload" = jsonb_set("payload", '{referrer}', to_jsonb(regexp_replace("payload"->>'referrer', '[?#].*$', '')))
WHERE jsonb_typeof("payload"->'referrer') = 'string';
