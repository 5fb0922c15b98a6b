-- The rung-out sweep (issue 30): the calls still ringing, oldest first, found without a scan.
CREATE INDEX calls_ringing_idx ON calls (created_at) WHERE status = 'ringing';
