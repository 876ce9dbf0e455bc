/**
 * Retries an assertion until it passes, or rethrows its error after `timeoutMs` (for tests without a DOM,
 * where Testing Library's waitFor is not at hand). Passing tests are not slowed down.
 */
export async function eventually(assertion: () => void, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}
