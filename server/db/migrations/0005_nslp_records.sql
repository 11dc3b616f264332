CREATE TABLE "meal_eligibility_history" (
	"scholar_id" uuid NOT NULL,
	"eligibility" text NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meal_eligibility_history_scholar_id_effective_from_pk" PRIMARY KEY("scholar_id","effective_from")
);
--> statement-breakpoint
CREATE TABLE "nslp_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"scholar_id" uuid NOT NULL,
	"served_on" date NOT NULL,
	"meal_type" text NOT NULL,
	"served_at" timestamp with time zone NOT NULL,
	"eligibility" text NOT NULL,
	"added_as_missing" boolean DEFAULT false NOT NULL,
	"missing_reason" text,
	"recorded_by" uuid,
	"device_id" text,
	"voided" boolean DEFAULT false NOT NULL,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "attendance_factor" double precision DEFAULT 0.95 NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_eligibility_history" ADD CONSTRAINT "meal_eligibility_history_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nslp_records" ADD CONSTRAINT "nslp_records_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nslp_records_day_idx" ON "nslp_records" USING btree ("served_on","meal_type");--> statement-breakpoint
CREATE INDEX "nslp_records_scholar_idx" ON "nslp_records" USING btree ("scholar_id","served_on");--> statement-breakpoint
CREATE UNIQUE INDEX "nslp_records_one_meal_per_day" ON "nslp_records" USING btree ("scholar_id","served_on","meal_type") WHERE not "nslp_records"."voided";--> statement-breakpoint
-- Written by hand below (drizzle-kit does not express triggers or data). The eligibility history starts from each
-- scholar's current determination; one without an effective date has been in effect for as long as the scholar has
-- been enrolled ('-infinity'), so no meal of theirs falls before it.
INSERT INTO meal_eligibility_history (scholar_id, eligibility, effective_from)
SELECT id, meal_eligibility, coalesce(meal_eligibility_effective, '-infinity'::date) FROM demographics;
--> statement-breakpoint
-- Every later change of demographics' eligibility or its effective date becomes a history row, whatever writes it
-- (the API, the seed, an administrator in psql): the same effective date again is a correction of that row. A new
-- scholar without a date has it from enrolment; a change without one (the API always gives one) from today.
CREATE OR REPLACE FUNCTION record_meal_eligibility() RETURNS trigger AS $$
BEGIN
  INSERT INTO meal_eligibility_history (scholar_id, eligibility, effective_from)
  VALUES (
    NEW.id,
    NEW.meal_eligibility,
    coalesce(NEW.meal_eligibility_effective, CASE WHEN TG_OP = 'INSERT' THEN '-infinity'::date ELSE current_date END)
  )
  ON CONFLICT (scholar_id, effective_from) DO UPDATE SET eligibility = excluded.eligibility, created_at = now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER demographics_meal_eligibility AFTER INSERT ON demographics
  FOR EACH ROW EXECUTE FUNCTION record_meal_eligibility();
--> statement-breakpoint
CREATE TRIGGER demographics_meal_eligibility_change AFTER UPDATE OF meal_eligibility, meal_eligibility_effective
  ON demographics FOR EACH ROW
  WHEN (OLD.meal_eligibility IS DISTINCT FROM NEW.meal_eligibility
    OR OLD.meal_eligibility_effective IS DISTINCT FROM NEW.meal_eligibility_effective)
  EXECUTE FUNCTION record_meal_eligibility();
--> statement-breakpoint
-- Meal records join the change log the devices pull from, so a tablet learns another tablet's meals and voids.
CREATE TRIGGER nslp_records_changes AFTER INSERT OR UPDATE OR DELETE ON nslp_records
  FOR EACH ROW EXECUTE FUNCTION record_change();
