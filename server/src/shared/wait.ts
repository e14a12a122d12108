/**
 * Waits for `work` at most `ms` milliseconds (without a limit for Infinity): true when it settled
 * in time, false when the time ran out first. Work still running then is left to itself; a
 * rejection within the time is passed on.
 */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<false>((resolve) => {
    if (Number.isFinite(ms)) timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), timeUp]);
  } finally {
    clearTimeout(timer);
  }
}
