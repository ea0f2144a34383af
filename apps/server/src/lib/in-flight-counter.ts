/**
 * Counts work in progress per key (a user id) in this process: a limit on work the process does
 * itself, such as decoding on its own speech workers, needs no shared store.
 */
export class InFlightCounter {
  private readonly counts = new Map<number, number>();

  constructor(private readonly limit: number) {}

  /** Takes a place for `key`, or returns null when it already holds `limit`. */
  tryEnter(key: number): (() => void) | null {
    const count = this.counts.get(key) ?? 0;
    if (count >= this.limit) return null;
    this.counts.set(key, count + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const now = (this.counts.get(key) ?? 1) - 1;
      if (now <= 0) this.counts.delete(key);
      else this.counts.set(key, now);
    };
  }
}
