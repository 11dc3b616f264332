-- The school day's settings exist from the start (one row; an administrator edits it), and the new synced tables
-- join the change log that devices pull from.
INSERT INTO school_settings (id, start_time, late_after_minutes, late_reasons, departure_reasons)
VALUES (
  gen_random_uuid(),
  '08:00',
  0,
  '["Medical appointment", "Transportation", "Overslept", "Family emergency", "Weather"]'::jsonb,
  '["Medical appointment", "Illness", "Family emergency", "Religious observance", "School activity"]'::jsonb
);
--> statement-breakpoint
CREATE TRIGGER messenger_schedules_changes AFTER INSERT OR UPDATE OR DELETE ON messenger_schedules
  FOR EACH ROW EXECUTE FUNCTION record_change();
--> statement-breakpoint
CREATE TRIGGER school_settings_changes AFTER INSERT OR UPDATE OR DELETE ON school_settings
  FOR EACH ROW EXECUTE FUNCTION record_change();
