/**
 * A job run every `intervalMs` in the background of a copy (payments' reconciliation, the
 * code mails' queue, the calls' rung-out sweep): a run still going when the next is due is
 * not doubled, a failed run is handed to `onError` and the next one tries again, and the
 * timer never keeps the process alive. An interval of 0 or less starts nothing. The answer
 * stops the job and waits for a run under way.
 */
export function startPeriodicJob(
  intervalMs: number,
  run: () => Promise<unknown>,
  onError: (err: unknown) => void,
): () => Promise<void> {
  if (intervalMs <= 0) return async () => undefined;
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
