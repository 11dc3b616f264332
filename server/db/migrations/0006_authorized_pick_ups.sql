CREATE TABLE "authorized_pick_ups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"scholar_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"relationship" text,
	"phone" text,
	"photo_id" uuid,
	"status" text DEFAULT 'authorized' NOT NULL,
	"notes" text,
	"valid_from" date,
	"valid_until" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "authorized_pick_ups" ADD CONSTRAINT "authorized_pick_ups_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorized_pick_ups_scholar_idx" ON "authorized_pick_ups" USING btree ("scholar_id","full_name");--> statement-breakpoint
CREATE INDEX "authorized_pick_ups_name_idx" ON "authorized_pick_ups" USING btree ("full_name");--> statement-breakpoint
CREATE INDEX "check_ins_pick_up_idx" ON "check_ins" USING btree ("pick_up_id");--> statement-breakpoint
-- Written by hand below (drizzle-kit does not express triggers). Pick-up adults join the change log the devices pull
-- from, so the pick-up line learns of a new adult, a changed photo or a custody order, and of removals, while offline.
CREATE TRIGGER authorized_pick_ups_changes AFTER INSERT OR UPDATE OR DELETE ON authorized_pick_ups
  FOR EACH ROW EXECUTE FUNCTION record_change();
