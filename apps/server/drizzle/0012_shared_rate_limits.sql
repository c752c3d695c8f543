CREATE TABLE "rate_limit_counters" (
	"name" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_name_key_window_start_pk" PRIMARY KEY("name","key","window_start")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window" ON "rate_limit_counters" USING btree ("name","window_start");