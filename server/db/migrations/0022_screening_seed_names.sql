-- The screening's answers take the seed's names: recent_contact, household_symptoms, and the symptom no_symptoms.
ALTER TABLE "covid_screenings" RENAME COLUMN "contact" TO "recent_contact";--> statement-breakpoint
ALTER TABLE "covid_screenings" RENAME COLUMN "household" TO "household_symptoms";--> statement-breakpoint
UPDATE "covid_screenings" SET "symptoms" = (
  SELECT coalesce(jsonb_agg(CASE WHEN s = 'none' THEN 'no_symptoms' ELSE s END), '[]'::jsonb)
  FROM jsonb_array_elements_text("symptoms") AS s
) WHERE "symptoms" ? 'none';
