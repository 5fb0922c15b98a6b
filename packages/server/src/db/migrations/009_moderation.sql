-- The staff audit log: who did what, on which record, when and why. Rows can be added, never
-- changed or removed (a trigger refuses UPDATE and DELETE).
CREATE TABLE audit_log (
  id           bigserial PRIMARY KEY,
  actor_id     bigint NOT NULL REFERENCES users(id),
  action       text NOT NULL,
  target_type  text NOT NULL,
  target_id    bigint,
  reason       text,
  data         jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id);

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();

CREATE INDEX users_created_idx ON users (created_at);
CREATE INDEX users_last_seen_idx ON users (last_seen_at);
CREATE INDEX users_name_lower_idx ON users (lower(name));
CREATE INDEX messages_created_idx ON messages (created_at);

-- One row per member per day they used the app (daily active members on the dashboard).
CREATE TABLE member_activity (
  day      date NOT NULL,
  user_id  bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (day, user_id)
);
