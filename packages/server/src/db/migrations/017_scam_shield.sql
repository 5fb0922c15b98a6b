-- Scam shield. A text message with a scam signal (money or credit asked, a phone number, an
-- invitation to leave the app, a link) that arrives in a chat not born of a match, where the
-- receiver has written fewer than 10 messages, is flagged: the receiver sees a warning above it.
ALTER TABLE messages ADD COLUMN safety_flag boolean NOT NULL DEFAULT false;
-- A member's flagged messages, newest first (the hold rule and the console's queue).
CREATE INDEX messages_flagged_sender_idx ON messages (sender_id, created_at DESC) WHERE safety_flag;

-- A member flagged in 3 or more chats within 24 hours is held: no new chat until a moderator
-- reviews them. The review (warn, release) clears the hold and sets scam_reviewed_at, so the
-- flags seen in that review no longer count.
ALTER TABLE users ADD COLUMN chat_hold_at timestamptz;
ALTER TABLE users ADD COLUMN scam_reviewed_at timestamptz;
CREATE INDEX users_chat_hold_idx ON users (chat_hold_at) WHERE chat_hold_at IS NOT NULL;
