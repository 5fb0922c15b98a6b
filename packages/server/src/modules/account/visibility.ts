/**
 * Who others may see. Lists of members or of their content (the announcement feed's authors,
 * the swipe deck, nearby) show only complete, unblocked, undeleted members who are not in
 * anonymous mode. This SQL fragment is the one place that says how; anonymous members still
 * browse and chat, they are only left out of what others discover.
 */

/**
 * A condition on the users row aliased `alias` (e.g. `u`): true when that member may be shown
 * to others. It implies the predicate of users_geo_knn_idx, so nearest-first scans keep using it.
 */
export const visibleMemberSql = (alias: string) =>
  `(${alias}.profile_completed_at IS NOT NULL AND ${alias}.blocked_at IS NULL
    AND ${alias}.deleted_at IS NULL AND NOT ${alias}.anonymous)`;
