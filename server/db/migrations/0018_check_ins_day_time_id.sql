DROP INDEX "check_ins_day_time_idx";--> statement-breakpoint
CREATE INDEX "check_ins_day_time_idx" ON "check_ins" USING btree ("school_day","occurred_at","id");