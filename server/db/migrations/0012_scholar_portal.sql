CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"grades" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"color" text DEFAULT 'blue' NOT NULL,
	"google_event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_enrollments" (
	"course_id" uuid NOT NULL,
	"scholar_id" uuid NOT NULL,
	CONSTRAINT "course_enrollments_course_id_scholar_id_pk" PRIMARY KEY("course_id","scholar_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"teacher" text,
	"room" text,
	"meet_url" text,
	"grades" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sessions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"google_course_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_meetings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text,
	"meet_url" text,
	"leader" text,
	"grades" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_resources" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"grades" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "resource_prefix" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "week_starts_on" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "help_contact" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "portal_entries_off" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "co_session_of" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "for_scholar_id" uuid;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_days_idx" ON "announcements" USING btree ("starts_on","ends_on");--> statement-breakpoint
CREATE INDEX "calendar_events_range_idx" ON "calendar_events" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_google_id_unique" ON "calendar_events" USING btree ("google_event_id");--> statement-breakpoint
CREATE INDEX "course_enrollments_scholar_idx" ON "course_enrollments" USING btree ("scholar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_google_id_unique" ON "courses" USING btree ("google_course_id");--> statement-breakpoint
CREATE INDEX "courses_name_idx" ON "courses" USING btree ("name");--> statement-breakpoint
CREATE INDEX "group_meetings_starts_idx" ON "group_meetings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "portal_resources_kind_idx" ON "portal_resources" USING btree ("kind","subject","position");--> statement-breakpoint
CREATE INDEX "sessions_co_session_idx" ON "sessions" USING btree ("co_session_of");