CREATE TABLE "dismissal_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"scholar_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"detail" text,
	"pick_up_id" uuid,
	"pick_up_name" text,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"weekday" integer,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"auto_confirmed" boolean DEFAULT false NOT NULL,
	"decision_note" text,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_settings" ALTER COLUMN "notice_kinds" SET DEFAULT '["sign_out","early_departure","late_arrival","agreement_to_sign","screening_stay_home","not_checked_in","work_summary","work_due_tomorrow","work_overdue","dismissal_change_confirmed","dismissal_change_declined"]'::jsonb;--> statement-breakpoint
ALTER TABLE "demographics" ADD COLUMN "dismissal_plan" text DEFAULT 'pick_up' NOT NULL;--> statement-breakpoint
ALTER TABLE "demographics" ADD COLUMN "dismissal_detail" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "dismissal_cutoff" text DEFAULT '14:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "dismissal_auto_confirm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "office_phone" text;--> statement-breakpoint
CREATE INDEX "dismissal_changes_days_idx" ON "dismissal_changes" USING btree ("ends_on","starts_on");--> statement-breakpoint
CREATE INDEX "dismissal_changes_scholar_idx" ON "dismissal_changes" USING btree ("scholar_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "dismissal_changes_request_scholar_unique" ON "dismissal_changes" USING btree ("request_id","scholar_id");--> statement-breakpoint
-- Written by hand: the foreign keys of dismissal_changes (its schema file cannot import the tables it names).
ALTER TABLE "dismissal_changes" ADD CONSTRAINT "dismissal_changes_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismissal_changes" ADD CONSTRAINT "dismissal_changes_pick_up_id_authorized_pick_ups_id_fk" FOREIGN KEY ("pick_up_id") REFERENCES "public"."authorized_pick_ups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismissal_changes" ADD CONSTRAINT "dismissal_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismissal_changes" ADD CONSTRAINT "dismissal_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A school that sends every kind there was (the default) sends the new kinds too, as a new school does.
UPDATE "school_settings" SET "notice_kinds" = "notice_kinds" || '["dismissal_change_confirmed","dismissal_change_declined"]'::jsonb WHERE "notice_kinds" @> '["sign_out","early_departure","late_arrival","agreement_to_sign","screening_stay_home","not_checked_in","work_summary","work_due_tomorrow","work_overdue"]'::jsonb;--> statement-breakpoint
-- Written by hand (drizzle-kit does not express triggers): a station's pull learns of today's and later changes.
CREATE TRIGGER dismissal_changes_changes AFTER INSERT OR UPDATE OR DELETE ON dismissal_changes
  FOR EACH ROW EXECUTE FUNCTION record_change();
