CREATE TABLE "experiment_conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"experiment_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"variant" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_exposures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"experiment_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"variant" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"variants" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "experiments_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "experiment_conversions" ADD CONSTRAINT "experiment_conversions_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_exposures" ADD CONSTRAINT "experiment_exposures_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_conversions_subject" ON "experiment_conversions" USING btree ("experiment_id","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_exposures_subject" ON "experiment_exposures" USING btree ("experiment_id","subject");