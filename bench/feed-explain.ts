/**
 * EXPLAIN (ANALYZE, BUFFERS) of the feed repository's own queries, warm (as in steady state):
 * newest first and nearest first for pages 1 and the last, anonymous, then newest first signed
 * in; each with a verdict on whether its index drives it.
 */
import { FEED_PER_PAGE, roundPosition } from '@app/shared';
import type { Db, SqlRunner } from '../packages/server/src/db/db.js';
import { kyselyOf } from '../packages/server/src/db/kysely.js';
import { CITIES } from './feed-seed.js';
import { explainingSql } from './sql.js';

/** Runs the repository's own queries, prefixed with EXPLAIN (ANALYZE, BUFFERS). */
const explaining = (sql: SqlRunner, plans: string[]) =>
  kyselyOf(explainingSql(sql, (_text, plan) => plans.push(plan)));

function indexVerdict(plan: string, index: string): string {
  const seq = /Seq Scan on (announcements|users)\b/.exec(plan);
  if (seq) return `NOT index-driven: sequential scan on ${seq[1]}`;
  if (!plan.includes(index)) return `NOT index-driven: ${index} not used`;
  return `index-driven (${index}, no sequential scan of announcements or users)`;
}

type FeedRepository =
  typeof import('../packages/server/src/modules/announcements/feed.repository.js');

/** Newest first and nearest first (Ouagadougou), anonymous viewer, `page`. */
async function explainPage(feed: FeedRepository, db: Db, page: number): Promise<void> {
  const filter = {
    viewerId: null,
    category: null,
    limit: FEED_PER_PAGE + 1,
    offset: (page - 1) * FEED_PER_PAGE,
  };
  await feed.findNewestAnnouncements(kyselyOf(db), filter); // warm, as in steady state
  const newest: string[] = [];
  await feed.findNewestAnnouncements(explaining(db, newest), filter);
  const origin0 = roundPosition(CITIES[0] ?? { lat: 12.37, lng: -1.52 });
  await feed.findNearestAnnouncements(kyselyOf(db), filter, origin0);
  const nearest: string[] = [];
  await feed.findNearestAnnouncements(explaining(db, nearest), filter, origin0);
  const [edge = '', circle = ''] = nearest;
  console.log(
    `\n--- newest first, page ${page}: ${indexVerdict(newest.join('\n'), 'announcements_feed_idx')}`,
  );
  console.log(newest.join('\n'));
  console.log(
    `\n--- nearest first (Ouagadougou), page ${page}, query 1 (distance of the page's last row): ` +
      indexVerdict(edge, 'users_geo_knn_idx'),
  );
  console.log(edge);
  console.log(
    `\n--- nearest first (Ouagadougou), page ${page}, query 2 (rows within that circle): ` +
      indexVerdict(circle, 'users_geo_knn_idx'),
  );
  console.log(circle);
}

/** Pages 1 and `pages` anonymous, then page `pages` signed in as `viewerId`. */
export async function explainFeed(db: Db, pages: number, viewerId: number | null): Promise<void> {
  const feed = await import('../packages/server/src/modules/announcements/feed.repository.js');
  // EXPLAIN of the repository's own queries, anonymous viewer, pages 1 and 50.
  console.log('\nEXPLAIN (ANALYZE, BUFFERS) of the feed queries (anonymous viewer)');
  for (const page of [1, pages]) await explainPage(feed, db, page);

  // The signed-in feed adds the viewer's blocks (an anti-join) and leaves out their own rows.
  const signedPlan: string[] = [];
  await feed.findNewestAnnouncements(explaining(db, signedPlan), {
    viewerId,
    category: null,
    limit: FEED_PER_PAGE + 1,
    offset: (pages - 1) * FEED_PER_PAGE,
  });
  console.log(
    `\n--- newest first, signed in, page ${pages}: ` +
      indexVerdict(signedPlan.join('\n'), 'announcements_feed_idx'),
  );
  console.log(signedPlan.join('\n'));
}
