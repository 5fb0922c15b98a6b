import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { keepLiveChange } from './liveCache';

/** A fetch whose answer the test releases, like a slow network. */
function slowAnswer<T>() {
  let release: (v: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('a live change while a fetch of the same query is in flight', () => {
  const key = ['notifications'];

  async function run(withKeep: boolean) {
    const qc = new QueryClient();
    let server = ['ancienne'];
    const first = slowAnswer<string[]>();
    const answers = [first.promise];
    const fetching = qc.fetchQuery({
      queryKey: key,
      queryFn: () => answers.shift() ?? Promise.resolve([...server]),
    });
    // The event happens on the server after the fetch left, and reaches the page first.
    server = ['nouvelle', 'ancienne'];
    qc.setQueryData<string[]>(key, ['nouvelle', 'ancienne']);
    if (withKeep) keepLiveChange(qc, key);
    first.release(['ancienne']);
    await fetching.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 0));
    await qc.getQueryCache().find({ queryKey: key })?.promise;
    return qc.getQueryData<string[]>(key);
  }

  it('keeps the live change: the query is fetched again', async () => {
    expect(await run(true)).toEqual(['nouvelle', 'ancienne']);
  });

  it('would lose it to the older answer otherwise (the case it guards)', async () => {
    expect(await run(false)).toEqual(['ancienne']);
  });
});
