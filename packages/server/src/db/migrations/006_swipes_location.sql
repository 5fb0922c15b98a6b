-- Swipes (likes and dislikes) and the privacy-preserving nearby search.

-- One decision per (swiper, target): a repeated swipe changes nothing, except that a dislike
-- can later become a like (see swipe.repository.ts).
CREATE TABLE swipes (
  swiper_id   bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_id   bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  action      text NOT NULL CHECK (action IN ('like', 'dislike')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (swiper_id, target_id),
  CHECK (swiper_id <> target_id)
);
-- "Did the other one like me?" and the likes_received counter of the profile.
CREATE INDEX swipes_target_like_idx ON swipes (target_id, swiper_id) WHERE action = 'like';

-- Location privacy ---------------------------------------------------------------------------
-- users.lat/lng hold the member's own position rounded to 2 decimals (about 1 km). Nobody else
-- ever sees it: every distance, radius test, order and marker shown to others is computed from
-- users.fuzz_pos, a point 300 to 800 m away from it, in a direction and at a distance drawn from
-- a keyed hash of (secret, member id, stored cell). The same member in the same cell always gets
-- the same point, so asking again and averaging teaches nothing; moving to another cell draws a
-- new, unrelated offset, so learning one offset does not let anyone follow the member around.
--
-- The secret is generated here, once per database, and baked into an IMMUTABLE function so the
-- fuzzed point can be a STORED generated column: it exists for every writer (sign-up, seed,
-- benchmarks, imports) without any of them knowing about it, it is the same for every server
-- copy sharing the database, and it can be indexed.
DO $migration$
DECLARE
  secret text := encode(
    sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')),
    'hex');
BEGIN
  EXECUTE format($fn$
    CREATE FUNCTION geo_fuzz_hash(member_id bigint, lat float8, lng float8) RETURNS bytea
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      RETURN sha256(convert_to(%L || ':' || member_id::text || ':' || round(lat::numeric, 2)::text
        || ':' || round(lng::numeric, 2)::text, 'UTF8'))
  $fn$, secret);
END
$migration$;

-- Four bytes of a hash as a number in [0, 1).
CREATE FUNCTION geo_unit(h bytea, i int) RETURNS float8
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN ((get_byte(h, i)::bigint * 16777216) + (get_byte(h, i + 1) * 65536)
    + (get_byte(h, i + 2) * 256) + get_byte(h, i + 3))::float8 / 4294967296.0;

-- The fuzzed marker as point(lng, lat): shared/src/geo.ts fuzzPoint(stored, unit0, unit4) with
-- FUZZ_MIN_M = 300 and FUZZ_MAX_M = 800, on a sphere of radius 6371 km.
CREATE FUNCTION geo_fuzz_point(member_id bigint, lat float8, lng float8) RETURNS point
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  h bytea;
  bearing float8;
  delta float8;
  phi1 float8;
  phi2 float8;
  lambda2 float8;
BEGIN
  IF member_id IS NULL OR lat IS NULL OR lng IS NULL THEN
    RETURN NULL;
  END IF;
  h := geo_fuzz_hash(member_id, lat, lng);
  bearing := 2 * pi() * geo_unit(h, 0);
  delta := (300 + 500 * geo_unit(h, 4)) / 6371000.0;
  phi1 := radians(lat);
  phi2 := asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(bearing));
  lambda2 := radians(lng) + atan2(sin(bearing) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2));
  RETURN point(degrees(lambda2), degrees(phi2));
END
$$;

-- Nearest-first search -----------------------------------------------------------------------
-- PGlite ships no PostGIS, cube or earthdistance unless loaded at start, and this machine's
-- PostgreSQL has no earthdistance either; core PostgreSQL's GiST operator class for `point` is in
-- both, and it answers "ORDER BY p <-> origin LIMIT k" as a K-nearest-neighbour index scan and
-- "p <@ circle" as an index condition. It measures in a plane, so each point is projected with a
-- sinusoidal projection in km around longitude -1.5 (shared/src/geo.ts planeKm): over Burkina
-- Faso the planar distance is within about 1 % of the true one, over West Africa within a few
-- per cent. The search circle is widened by a bound on that error (planeSearchRadiusKm), and the
-- service then keeps, in exact haversine order, only the members truly within the radius.
CREATE FUNCTION geo_plane_km(p point) RETURNS point
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN point(6371 * radians(p[0] + 1.5) * cos(radians(p[1])), 6371 * radians(p[1]));

ALTER TABLE users
  ADD COLUMN fuzz_pos point GENERATED ALWAYS AS (geo_fuzz_point(id, lat, lng)) STORED,
  ADD COLUMN geo_km point GENERATED ALWAYS AS (geo_plane_km(geo_fuzz_point(id, lat, lng))) STORED;

-- Only members others may see: complete and not blocked. Queries repeat this predicate.
CREATE INDEX users_geo_knn_idx ON users USING gist (geo_km)
  WHERE profile_completed_at IS NOT NULL AND blocked_at IS NULL;
-- Swipe candidates who never shared a position, most recently active first.
CREATE INDEX users_unlocated_recent_idx ON users (last_seen_at DESC NULLS LAST, id DESC)
  WHERE geo_km IS NULL AND profile_completed_at IS NOT NULL AND blocked_at IS NULL;
