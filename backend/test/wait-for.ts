/**
 * Waits until `check` answers true, checking every 20 ms; fails naming `what` after `withinMs`. For what a test
 * cannot await directly: a notification from the database, a background job.
 */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  what: string,
  withinMs = 45_000,
): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
