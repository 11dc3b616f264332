-- The change log of the synced tables, kept by triggers so that no write path (the API, the seed, an administrator
-- in psql) can forget it. Devices pull from it with GET v2/sync/pull?since=<seq>.
CREATE OR REPLACE FUNCTION record_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO changes (resource, record_id, op) VALUES (TG_TABLE_NAME, OLD.id, 'delete');
    RETURN OLD;
  END IF;
  INSERT INTO changes (resource, record_id, op) VALUES (TG_TABLE_NAME, NEW.id, 'upsert');
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER demographics_changes AFTER INSERT OR UPDATE OR DELETE ON demographics
  FOR EACH ROW EXECUTE FUNCTION record_change();
--> statement-breakpoint
CREATE TRIGGER check_ins_changes AFTER INSERT OR UPDATE OR DELETE ON check_ins
  FOR EACH ROW EXECUTE FUNCTION record_change();
