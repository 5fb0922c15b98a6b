-- The price of unlocking a chat has one source: CHAT_UNLOCK_COST in packages/shared (the spec's
-- business constant, which the web shows too). The column kept a copy of it as its default;
-- without it every writer must give the price, and the generated row type makes that a
-- compile-time requirement for the repositories.
ALTER TABLE chats ALTER COLUMN unlock_cost DROP DEFAULT;
