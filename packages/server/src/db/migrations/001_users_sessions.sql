-- Members and their sessions. Later features add their own tables in later files.
CREATE TABLE users (
  id                    bigserial PRIMARY KEY,
  email                 text NOT NULL UNIQUE,
  password_hash         text,
  email_verified_at     timestamptz,
  google_sub            text UNIQUE,
  name                  text,
  gender                text CHECK (gender IN ('homme', 'femme')),
  birth_date            date,
  locality              text,
  bio                   text,
  details               jsonb NOT NULL DEFAULT '{}'::jsonb,
  passions              text[] NOT NULL DEFAULT '{}',
  photo_key             text,
  coins                 integer NOT NULL DEFAULT 0 CHECK (coins >= 0),
  gifted_signup         boolean NOT NULL DEFAULT false,
  invitation_code       text UNIQUE,
  referred_by           bigint REFERENCES users(id) ON DELETE SET NULL,
  device_hash           text,
  role                  text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'moderator', 'admin')),
  blocked_at            timestamptz,
  blocked_reason        text,
  lat                   double precision,
  lng                   double precision,
  location_updated_at   timestamptz,
  last_seen_at          timestamptz,
  profile_completed_at  timestamptz,
  is_demo               boolean NOT NULL DEFAULT false,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_device_hash_idx ON users (device_hash);

CREATE TABLE sessions (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash    text NOT NULL UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
