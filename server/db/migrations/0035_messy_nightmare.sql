CREATE TABLE "notice_runs" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"written" integer DEFAULT 0 NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_runs_job_period_pk" PRIMARY KEY("job","period")
);
--> statement-breakpoint
ALTER TABLE "school_settings" ALTER COLUMN "notice_kinds" SET DEFAULT '["sign_out","early_departure","late_arrival","agreement_to_sign","screening_stay_home","not_checked_in","work_summary","work_due_tomorrow","work_overdue"]'::jsonb;--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD COLUMN "work_summary_frequency" text DEFAULT 'weekly' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "not_checked_in_by" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "work_summary_weekday" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "work_summary_time" text DEFAULT '16:00' NOT NULL;--> statement-breakpoint
-- A school that sends every kind there was (the default) sends the new kinds too, as a new school does.
UPDATE "school_settings" SET "notice_kinds" = "notice_kinds" || '["not_checked_in","work_summary","work_due_tomorrow","work_overdue"]'::jsonb WHERE "notice_kinds" @> '["sign_out","early_departure","late_arrival","agreement_to_sign","screening_stay_home"]'::jsonb;
