CREATE TABLE "car_line_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"school_day" date NOT NULL,
	"source" text NOT NULL,
	"tag_number" integer,
	"guardian_id" uuid,
	"recorded_by" uuid,
	"device_id" text,
	"scholar_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_line_queue" (
	"id" uuid PRIMARY KEY NOT NULL,
	"school_day" date NOT NULL,
	"scholar_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"tag_number" integer,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by_check_in" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_tag_holders" (
	"guardian_id" uuid PRIMARY KEY NOT NULL,
	"tag_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_tags" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "car_line_start" text DEFAULT '14:45' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "car_line_end" text DEFAULT '16:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "car_line_calls" ADD CONSTRAINT "car_line_calls_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_line_calls" ADD CONSTRAINT "car_line_calls_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_line_queue" ADD CONSTRAINT "car_line_queue_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_line_queue" ADD CONSTRAINT "car_line_queue_call_id_car_line_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."car_line_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_tag_holders" ADD CONSTRAINT "car_tag_holders_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_tag_holders" ADD CONSTRAINT "car_tag_holders_tag_id_car_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."car_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_line_calls_day_idx" ON "car_line_calls" USING btree ("school_day");--> statement-breakpoint
CREATE UNIQUE INDEX "car_line_queue_day_scholar_unique" ON "car_line_queue" USING btree ("school_day","scholar_id");--> statement-breakpoint
CREATE INDEX "car_line_queue_day_idx" ON "car_line_queue" USING btree ("school_day","called_at");--> statement-breakpoint
CREATE INDEX "car_tag_holders_tag_idx" ON "car_tag_holders" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "car_tags_number_unique" ON "car_tags" USING btree ("number");--> statement-breakpoint
-- Written by hand (drizzle-kit does not express triggers): a station's pull learns of the day's queue.
CREATE TRIGGER car_line_queue_changes AFTER INSERT OR UPDATE OR DELETE ON car_line_queue
  FOR EACH ROW EXECUTE FUNCTION record_change();
--> statement-breakpoint
-- A sign-out takes the child off that day's queue, however it arrives (a station's push, the REST route, the office);
-- its void (the pick-up line's Undo) puts the child back. In the database so that no way of writing one can miss it.
CREATE FUNCTION car_line_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'sign_out' AND NEW.voided_at IS NULL AND (TG_OP = 'INSERT' OR OLD.voided_at IS NOT NULL) THEN
    UPDATE car_line_queue SET released_at = NEW.occurred_at, released_by_check_in = NEW.id, updated_at = now()
      WHERE scholar_id = NEW.scholar_id AND school_day = NEW.school_day AND released_at IS NULL;
  ELSIF TG_OP = 'UPDATE' AND NEW.kind = 'sign_out' AND NEW.voided_at IS NOT NULL AND OLD.voided_at IS NULL THEN
    UPDATE car_line_queue SET released_at = NULL, released_by_check_in = NULL, updated_at = now()
      WHERE released_by_check_in = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER check_ins_car_line_release AFTER INSERT OR UPDATE OF voided_at ON check_ins
  FOR EACH ROW EXECUTE FUNCTION car_line_release();
