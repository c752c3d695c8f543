/**
 * A tab's own budget for fire-and-forget notes to the server: at most `limit` sends in any `windowMs`. Notes past
 * the budget are dropped, so a reader clicking quickly through pages never meets the server's rate limit and the
 * browser never logs its 429.
 */
export function createSendWindow(limit: number, windowMs = 60_000, now: () => number = Date.now) {
  const sent: number[] = [];
  return {
    /** True, and counted, when one more send fits in the window. */
    take(): boolean {
      const time = now();
      while (sent.length && time - (sent[0] as number) >= windowMs) sent.shift();
      if (sent.length >= limit) return false;
      sent.push(time);
      return true;
    },
  };
}
