-- The coin ledger is append-only: a movement, once written, is never changed or removed.
-- Triggers refuse UPDATE and DELETE (as for audit_log, 009) and TRUNCATE, which row triggers do
-- not catch (audit_log gained the same TRUNCATE trigger in 012).
--
-- Account deletion does not delete the users row: it anonymises it (008, account.repository.ts),
-- so a deleted member's movements stay, tied to an anonymous row, and the ledger still adds up
-- (coins/audit.ts). The foreign key used to cascade: a hard DELETE of a users row would have
-- erased its movements. It now restricts, so such a delete is refused while movements exist,
-- rather than silently rewriting the accounts.
CREATE FUNCTION coin_movements_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'coin_movements is append-only';
END;
$$;
CREATE TRIGGER coin_movements_no_change BEFORE UPDATE OR DELETE ON coin_movements
  FOR EACH ROW EXECUTE FUNCTION coin_movements_is_append_only();
CREATE TRIGGER coin_movements_no_truncate BEFORE TRUNCATE ON coin_movements
  FOR EACH STATEMENT EXECUTE FUNCTION coin_movements_is_append_only();

ALTER TABLE coin_movements DROP CONSTRAINT coin_movements_user_id_fkey;
ALTER TABLE coin_movements ADD CONSTRAINT coin_movements_user_id_fkey
  FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE RESTRICT;
