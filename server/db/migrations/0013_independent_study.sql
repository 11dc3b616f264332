CREATE TABLE "independent_study_addenda" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agreement_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"description" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "independent_study_agreements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"scholar_id" uuid NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"duration" text NOT NULL,
	"begins_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"conference_on" date NOT NULL,
	"conference_time" text NOT NULL,
	"conference_place" text NOT NULL,
	"conference_notes" text,
	"teacher_id" uuid NOT NULL,
	"courses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_version_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "independent_study_signatures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agreement_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"version_hash" text NOT NULL,
	"role" text NOT NULL,
	"account_id" uuid NOT NULL,
	"account_name" text NOT NULL,
	"typed_name" text NOT NULL,
	"consent_text" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "independent_study_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agreement_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"content" jsonb NOT NULL,
	"hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "independent_study_policy" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "independent_study_addenda" ADD CONSTRAINT "independent_study_addenda_agreement_id_independent_study_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."independent_study_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "independent_study_addenda" ADD CONSTRAINT "independent_study_addenda_version_id_independent_study_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."independent_study_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "independent_study_agreements" ADD CONSTRAINT "independent_study_agreements_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "independent_study_agreements" ADD CONSTRAINT "independent_study_agreements_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "independent_study_signatures" ADD CONSTRAINT "independent_study_signatures_agreement_id_independent_study_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."independent_study_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "independent_study_signatures" ADD CONSTRAINT "independent_study_signatures_version_id_independent_study_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."independent_study_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "independent_study_versions" ADD CONSTRAINT "independent_study_versions_agreement_id_independent_study_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."independent_study_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "independent_study_addenda_number" ON "independent_study_addenda" USING btree ("agreement_id","number");--> statement-breakpoint
CREATE INDEX "independent_study_agreements_scholar_idx" ON "independent_study_agreements" USING btree ("scholar_id");--> statement-breakpoint
CREATE INDEX "independent_study_agreements_state_idx" ON "independent_study_agreements" USING btree ("state","begins_on");--> statement-breakpoint
CREATE INDEX "independent_study_agreements_teacher_idx" ON "independent_study_agreements" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "independent_study_signatures_role" ON "independent_study_signatures" USING btree ("version_id","role");--> statement-breakpoint
CREATE INDEX "independent_study_signatures_agreement_idx" ON "independent_study_signatures" USING btree ("agreement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "independent_study_versions_number" ON "independent_study_versions" USING btree ("agreement_id","number");--> statement-breakpoint
-- Hand-written: a frozen version and a signature's evidence are never changed; a change is a new version.
CREATE OR REPLACE FUNCTION independent_study_frozen() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'independent study versions and signatures are frozen' USING ERRCODE = 'check_violation';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER independent_study_versions_frozen BEFORE UPDATE ON "independent_study_versions"
  FOR EACH ROW EXECUTE FUNCTION independent_study_frozen();--> statement-breakpoint
CREATE TRIGGER independent_study_signatures_frozen BEFORE UPDATE ON "independent_study_signatures"
  FOR EACH ROW EXECUTE FUNCTION independent_study_frozen();
