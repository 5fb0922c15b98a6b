/**
 * Live events written into a query cache. A fetch of that query already in flight answers with
 * the server's state from before the event, and its answer would overwrite the event: when one
 * is in flight, the query is fetched again (cancelling the older fetch) so nothing is lost.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export function keepLiveChange(qc: QueryClient, queryKey: QueryKey) {
  if (qc.isFetching({ queryKey }) > 0) void qc.invalidateQueries({ queryKey, refetchType: 'all' });
}
