/** The timers (setTimeout, setInterval) this process has running. */
export function runningTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

/**
 * The running timers once those started since `baseline` was counted have run out, waiting at most 5 s: a
 * render's store writes its subscriptions on a timer of its own (RTK Query, within half a second), so a test waits
 * for that event, and a timer still there after 5 s is one that would keep the store alive.
 */
export async function timersLeftAfter(baseline: number): Promise<number> {
  const deadline = Date.now() + 5000;
  while (runningTimers() > baseline && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return runningTimers();
}
