import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PROBE_FIRST_MS,
  PROBE_MAX_MS,
  nextProbeDelay,
  recoverWhenServerAnswers,
  reportReach,
} from './serverReach';

describe('finding the server again', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
  });
  afterEach(() => {
    reportReach(200);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits longer after each failed probe, at most 10 s', () => {
    let delay = 0;
    const delays = Array.from({ length: 6 }, () => (delay = nextProbeDelay(delay)));
    expect(delays).toEqual([PROBE_FIRST_MS, 2_000, 4_000, 8_000, PROBE_MAX_MS, PROBE_MAX_MS]);
  });

  it('probes while the server is unreachable, then refetches the screens by itself', async () => {
    const qc = new QueryClient();
    const refetch = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue(undefined);
    let up = false;
    const probe = vi.fn(() => {
      reportReach(up ? 200 : 0);
      return Promise.resolve();
    });
    const stop = recoverWhenServerAnswers(qc, probe);

    reportReach(0); // a screen's call found nothing
    await vi.advanceTimersByTimeAsync(PROBE_FIRST_MS + 2_000);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(refetch).not.toHaveBeenCalled();

    up = true; // the server is back: the next probe gets an answer
    await vi.advanceTimersByTimeAsync(4_000);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(refetch).toHaveBeenCalledTimes(1);

    // Reachable again: no more probes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probe).toHaveBeenCalledTimes(3);
    stop();
  });

  it('counts a front answering 502–504 for the server as unreachable', async () => {
    const qc = new QueryClient();
    const refetch = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue(undefined);
    const probe = vi.fn(() => Promise.resolve());
    const stop = recoverWhenServerAnswers(qc, probe);
    reportReach(502);
    await vi.advanceTimersByTimeAsync(PROBE_FIRST_MS);
    expect(probe).toHaveBeenCalledTimes(1);
    reportReach(401);
    expect(refetch).toHaveBeenCalledTimes(1);
    stop();
  });
});
