CREATE TABLE "absence_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"scholar_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"at_time" text,
	"pick_up_id" uuid,
	"pick_up_name" text,
	"reason" text NOT NULL,
	"note" text,
	"reported_by" uuid,
	"late" boolean DEFAULT false NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "absence_reports" ADD CONSTRAINT "absence_reports_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_reports" ADD CONSTRAINT "absence_reports_pick_up_id_authorized_pick_ups_id_fk" FOREIGN KEY ("pick_up_id") REFERENCES "public"."authorized_pick_ups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_reports" ADD CONSTRAINT "absence_reports_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_reports" ADD CONSTRAINT "absence_reports_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absence_reports_days_idx" ON "absence_reports" USING btree ("ends_on","starts_on");--> statement-breakpoint
CREATE INDEX "absence_reports_scholar_idx" ON "absence_reports" USING btree ("scholar_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "absence_reports_report_scholar_unique" ON "absence_reports" USING btree ("report_id","scholar_id");--> statement-breakpoint
-- Written by hand (drizzle-kit does not express triggers): a station's pull learns of today's and later reports.
CREATE TRIGGER absence_reports_changes AFTER INSERT OR UPDATE OR DELETE ON absence_reports
  FOR EACH ROW EXECUTE FUNCTION record_change();
