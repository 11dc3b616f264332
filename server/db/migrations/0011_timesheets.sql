CREATE TABLE "timesheet_periods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"state" text NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" uuid,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"note" text,
	"reopen_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"category" text DEFAULT 'regular' NOT NULL,
	"leave_type" text,
	"note" text,
	"method" text DEFAULT 'manual' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"recorded_by" uuid,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "timesheet_flags" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "badge_code" text;--> statement-breakpoint
ALTER TABLE "timesheet_periods" ADD CONSTRAINT "timesheet_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_periods_user_start" ON "timesheet_periods" USING btree ("user_id","period_start");--> statement-breakpoint
CREATE INDEX "timesheets_user_start_idx" ON "timesheets" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "timesheets_work_date_idx" ON "timesheets" USING btree ("work_date");--> statement-breakpoint
CREATE UNIQUE INDEX "users_badge_code_unique" ON "users" USING btree ("badge_code");--> statement-breakpoint
-- Written by hand (drizzle-kit does not express triggers): a station's pull learns who is clocked in today.
CREATE TRIGGER timesheets_changes AFTER INSERT OR UPDATE OR DELETE ON timesheets
  FOR EACH ROW EXECUTE FUNCTION record_change();
