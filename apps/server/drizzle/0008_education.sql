CREATE TABLE "edu_courses" (
	"id" text PRIMARY KEY NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"required_level" integer DEFAULT 0 NOT NULL,
	"unlock_products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"titles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"summaries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"edited_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edu_enrolments" (
	"user_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edu_enrolments_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "edu_lesson_progress" (
	"user_id" uuid NOT NULL,
	"lesson_id" bigint NOT NULL,
	"status" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "edu_lesson_progress_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "edu_lesson_texts" (
	"lesson_id" bigint NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"edited_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edu_lesson_texts_lesson_id_lang_pk" PRIMARY KEY("lesson_id","lang")
);
--> statement-breakpoint
CREATE TABLE "edu_lessons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"section_id" bigint,
	"slug" text NOT NULL,
	"lesson_number" integer NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"free_preview" boolean DEFAULT false NOT NULL,
	"required_level" integer,
	"drip_days" integer,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "edu_sections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"slug" text NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"titles" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "edu_enrolments" ADD CONSTRAINT "edu_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_enrolments" ADD CONSTRAINT "edu_enrolments_course_id_edu_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_lesson_progress" ADD CONSTRAINT "edu_lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_lesson_progress" ADD CONSTRAINT "edu_lesson_progress_lesson_id_edu_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."edu_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_lesson_texts" ADD CONSTRAINT "edu_lesson_texts_lesson_id_edu_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."edu_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_lessons" ADD CONSTRAINT "edu_lessons_course_id_edu_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_lessons" ADD CONSTRAINT "edu_lessons_section_id_edu_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."edu_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_sections" ADD CONSTRAINT "edu_sections_course_id_edu_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edu_lesson_progress_user_updated" ON "edu_lesson_progress" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "edu_lessons_course_slug" ON "edu_lessons" USING btree ("course_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "edu_sections_course_slug" ON "edu_sections" USING btree ("course_id","slug");