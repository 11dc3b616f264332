CREATE TABLE "roster_column_maps" (
	"kind" text PRIMARY KEY NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text,
	"status" text NOT NULL,
	"package" "bytea",
	"package_sha256" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"matched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"created_by" uuid,
	"applied_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "demographics" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "demographics" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "demographics" ADD COLUMN "sex" text;--> statement-breakpoint
ALTER TABLE "guardianships" ADD COLUMN "imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "year_starts_on" date;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "year_ends_on" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_imports_created_idx" ON "roster_imports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_sourced_id_unique" ON "courses" USING btree ("sourced_id");--> statement-breakpoint
CREATE UNIQUE INDEX "demographics_sourced_id_unique" ON "demographics" USING btree ("sourced_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_sourced_id_unique" ON "users" USING btree ("sourced_id");