CREATE TABLE "conference_sign_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"conference_id" uuid NOT NULL,
	"scholar_id" uuid NOT NULL,
	"signed_by" uuid,
	"signer_type" text NOT NULL,
	"signer_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conferences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"held_on" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"minutes_per_scholar" integer DEFAULT 20 NOT NULL,
	"teacher_id" uuid,
	"grades" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"timesheet_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "covid_negative_tests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"scholar_id" uuid NOT NULL,
	"tested_on" date NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "covid_screenings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"scholar_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"symptoms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact" boolean,
	"household" boolean,
	"outcome" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"school_day" date NOT NULL,
	"answered_by" uuid,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "covid_screening_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "covid_screening_retention_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "conference_sign_ins" ADD CONSTRAINT "conference_sign_ins_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_sign_ins" ADD CONSTRAINT "conference_sign_ins_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_sign_ins" ADD CONSTRAINT "conference_sign_ins_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferences" ADD CONSTRAINT "conferences_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferences" ADD CONSTRAINT "conferences_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covid_negative_tests" ADD CONSTRAINT "covid_negative_tests_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covid_screenings" ADD CONSTRAINT "covid_screenings_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conference_sign_ins_once" ON "conference_sign_ins" USING btree ("conference_id","scholar_id","signed_by");--> statement-breakpoint
CREATE INDEX "conferences_held_on_idx" ON "conferences" USING btree ("held_on");--> statement-breakpoint
CREATE INDEX "covid_negative_tests_scholar_idx" ON "covid_negative_tests" USING btree ("scholar_id","tested_on");--> statement-breakpoint
CREATE INDEX "covid_screenings_day_idx" ON "covid_screenings" USING btree ("school_day","scholar_id");--> statement-breakpoint
CREATE INDEX "covid_screenings_answered_idx" ON "covid_screenings" USING btree ("answered_at");