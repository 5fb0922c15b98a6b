-- The staff audit log refused UPDATE and DELETE (009) but a TRUNCATE could still empty it: row
-- triggers do not fire on TRUNCATE. A statement-level trigger closes that gap, as 010 does for
-- coin_movements.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();
