-- « Seuls les profils vérifiés peuvent m'écrire » (issue 28): with it on, a member without the
-- badge cannot start a chat with this member (the server refuses, in French).
ALTER TABLE member_settings ADD COLUMN verified_only_messages boolean NOT NULL DEFAULT false;
