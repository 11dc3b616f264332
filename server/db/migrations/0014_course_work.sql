CREATE TABLE "course_work" (
	"id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"google_course_work_id" text,
	"title" text NOT NULL,
	"description" text,
	"link" text,
	"due_at" timestamp with time zone,
	"due_date" date,
	"topic_id" text,
	"topic" text,
	"max_points" double precision,
	"work_type" text DEFAULT 'ASSIGNMENT' NOT NULL,
	"google_updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_work_due_at_has_date" CHECK ("course_work"."due_at" is null or "course_work"."due_date" is not null)
);
--> statement-breakpoint
CREATE TABLE "course_work_submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"course_work_id" uuid NOT NULL,
	"scholar_id" uuid NOT NULL,
	"google_submission_id" text,
	"state" text DEFAULT 'NEW' NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"assigned_grade" double precision,
	"draft_grade" double precision,
	"link" text,
	"turned_in_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"google_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "autowork_topic" text DEFAULT 'AutoWork' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_work" ADD CONSTRAINT "course_work_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_work_submissions" ADD CONSTRAINT "course_work_submissions_course_work_id_course_work_id_fk" FOREIGN KEY ("course_work_id") REFERENCES "public"."course_work"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_work_submissions" ADD CONSTRAINT "course_work_submissions_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_work_google_id_unique" ON "course_work" USING btree ("course_id","google_course_work_id");--> statement-breakpoint
CREATE INDEX "course_work_due_idx" ON "course_work" USING btree ("due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "course_work_submissions_scholar_unique" ON "course_work_submissions" USING btree ("course_work_id","scholar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_work_submissions_google_id_unique" ON "course_work_submissions" USING btree ("course_work_id","google_submission_id");--> statement-breakpoint
CREATE INDEX "course_work_submissions_scholar_idx" ON "course_work_submissions" USING btree ("scholar_id","state");