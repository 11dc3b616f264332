DROP INDEX "check_ins_one_arrival_per_day";--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "voided_by" uuid;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "void_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_one_arrival_per_day" ON "check_ins" USING btree ("scholar_id","school_day") WHERE "check_ins"."kind" = 'arrival' and "check_ins"."voided_at" is null;