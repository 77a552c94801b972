// Coalescing reads without ever answering with an old one.

/**
 * Wraps `read` (of a value that may change at any moment) so that concurrent callers share
 * reads, yet every caller gets the result of a read that *started after it asked*: what was
 * committed before the call is always seen. One read runs at a time; callers arriving while it
 * runs wait for the next one, which starts as soon as it ends and answers all of them.
 *
 * Under load this turns one read per caller into about one read per round trip; alone, a caller
 * pays the same single round trip as before.
 */
export function freshReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const result = read().finally(() => {
      if (running === result) running = undefined;
    });
    running = result;
    return result;
  };
  return () => {
    if (!running) return start();
    if (!queued) {
      const next = running.then(ignore, ignore).then(() => {
        queued = undefined;
        return start();
      });
      queued = next;
    }
    return queued;
  };
}

const ignore = () => {};
