ALTER TABLE "independent_study_addenda" DROP CONSTRAINT "independent_study_addenda_agreement_id_independent_study_agreements_id_fk";
--> statement-breakpoint
ALTER TABLE "independent_study_addenda" DROP CONSTRAINT "independent_study_addenda_version_id_independent_study_versions_id_fk";
--> statement-breakpoint
ALTER TABLE "independent_study_agreements" DROP CONSTRAINT "independent_study_agreements_scholar_id_demographics_id_fk";
--> statement-breakpoint
ALTER TABLE "independent_study_signatures" DROP CONSTRAINT "independent_study_signatures_agreement_id_independent_study_agreements_id_fk";
--> statement-breakpoint
ALTER TABLE "independent_study_signatures" DROP CONSTRAINT "independent_study_signatures_version_id_independent_study_versions_id_fk";
--> statement-breakpoint
ALTER TABLE "independent_study_versions" DROP CONSTRAINT "independent_study_versions_agreement_id_independent_study_agreements_id_fk";
--> statement-breakpoint
ALTER TABLE "independent_study_addenda" ADD CONSTRAINT "independent_study_addenda_agreement_id_independent_study_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."independent_study_agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "independent_study_addenda" ADD CONSTRAINT "independent_study_addenda_version_id_independent_study_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."independent_study_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "independent_study_agreements" ADD CONSTRAINT "independent_study_agreements_scholar_id_demographics_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."demographics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "independent_study_signatures" ADD CONSTRAINT "independent_study_signatures_agreement_id_independent_study_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."independent_study_agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "independent_study_signatures" ADD CONSTRAINT "independent_study_signatures_version_id_independent_study_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."independent_study_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "independent_study_versions" ADD CONSTRAINT "independent_study_versions_agreement_id_independent_study_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."independent_study_agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Written by hand below (drizzle-kit does not express triggers). Signature evidence is kept for good: a frozen
-- version, a signature and an addendum can be neither changed nor deleted, and (above) nothing cascades into them
-- from an agreement or a scholar, so no script or psql session can erase what was signed.
DROP TRIGGER IF EXISTS independent_study_versions_frozen ON "independent_study_versions";--> statement-breakpoint
DROP TRIGGER IF EXISTS independent_study_signatures_frozen ON "independent_study_signatures";--> statement-breakpoint
CREATE TRIGGER independent_study_versions_frozen BEFORE UPDATE OR DELETE ON "independent_study_versions"
  FOR EACH ROW EXECUTE FUNCTION independent_study_frozen();--> statement-breakpoint
CREATE TRIGGER independent_study_signatures_frozen BEFORE UPDATE OR DELETE ON "independent_study_signatures"
  FOR EACH ROW EXECUTE FUNCTION independent_study_frozen();--> statement-breakpoint
CREATE TRIGGER independent_study_addenda_frozen BEFORE UPDATE OR DELETE ON "independent_study_addenda"
  FOR EACH ROW EXECUTE FUNCTION independent_study_frozen();
