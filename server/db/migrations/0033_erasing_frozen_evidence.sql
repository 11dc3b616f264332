-- Signature evidence stays frozen (migration 0020), with one exception: the erase of a withdrawn scholar's data on
-- a family's or the school's request (server/lib/scholar-data/erase.ts, docs/decisions/008-erasing-a-scholar.md),
-- which deletes that scholar's agreements, versions, signatures and addenda. The erase says so for its own
-- transaction alone (`SET LOCAL school_ops.erasing_scholar = 'on'`); an update is refused as before, and a delete
-- from anywhere else (a script, a psql session without the setting) is refused too.
CREATE OR REPLACE FUNCTION independent_study_frozen() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('school_ops.erasing_scholar', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'independent study versions and signatures are frozen' USING ERRCODE = 'check_violation';
END;
$$ LANGUAGE plpgsql;
