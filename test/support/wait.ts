/** Polls `probe` until it returns a value (a throw counts as "not yet": a file mid-rename). Never a fixed sleep. */
export async function waitFor<T>(probe: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = probe();
      if (value !== undefined) return value;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out waiting (last error: ${String(last)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
