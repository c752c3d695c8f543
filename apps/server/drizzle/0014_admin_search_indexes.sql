CREATE INDEX "users_email_trgm" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin (lower(coalesce("name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_sort" ON "users" USING btree (lower(coalesce("name", '')),"id");--> statement-breakpoint
CREATE INDEX "users_blocked" ON "users" USING btree ("created_at") WHERE "users"."blocked_at" is not null;