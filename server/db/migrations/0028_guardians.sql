ALTER TABLE "guardianships" DROP CONSTRAINT "guardianships_parent_id_scholar_id_pk";--> statement-breakpoint
-- The relationship becomes one of five words: the old free text is read case-insensitively, anything else is 'other'.
UPDATE "guardianships" SET "relationship" = CASE lower(trim(coalesce("relationship", '')))
  WHEN 'mother' THEN 'mother' WHEN 'mom' THEN 'mother' WHEN 'madre' THEN 'mother'
  WHEN 'father' THEN 'father' WHEN 'dad' THEN 'father' WHEN 'padre' THEN 'father'
  WHEN 'guardian' THEN 'guardian' WHEN 'legal guardian' THEN 'guardian' WHEN 'tutor' THEN 'guardian' WHEN 'tutor legal' THEN 'guardian'
  WHEN 'grandparent' THEN 'grandparent' WHEN 'grandmother' THEN 'grandparent' WHEN 'grandfather' THEN 'grandparent'
  WHEN 'abuela' THEN 'grandparent' WHEN 'abuelo' THEN 'grandparent'
  ELSE 'other' END;--> statement-breakpoint
ALTER TABLE "guardianships" ALTER COLUMN "relationship" SET DEFAULT 'other';--> statement-breakpoint
ALTER TABLE "guardianships" ALTER COLUMN "relationship" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "authorized_pick_ups" ADD COLUMN "guardian_id" uuid;--> statement-breakpoint
ALTER TABLE "guardianships" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "guardianships" ADD COLUMN "may_pick_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guardianships" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "guardianships" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "authorized_pick_ups" ADD CONSTRAINT "authorized_pick_ups_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorized_pick_ups_guardian_idx" ON "authorized_pick_ups" USING btree ("guardian_id","scholar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guardianships_parent_scholar_unique" ON "guardianships" USING btree ("parent_id","scholar_id");--> statement-breakpoint
ALTER TABLE "guardianships" ADD CONSTRAINT "guardianships_relationship_check" CHECK ("guardianships"."relationship" in ('mother', 'father', 'guardian', 'grandparent', 'other'));