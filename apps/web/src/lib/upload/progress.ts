/**
 * Spec §9: progress is reported at most once a second. The first report goes out at once (the
 * learner sees the bar move), later ones at the end of each interval with the latest figure, and
 * `flush` sends the final figure when the task stops.
 */
export class ProgressThrottle {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending = false;
  private latest = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly emit: (loaded: number) => void,
  ) {}

  update(loaded: number): void {
    this.latest = loaded;
    if (this.timer !== undefined) {
      this.pending = true;
      return;
    }
    this.emit(loaded);
    this.startCooldown();
  }

  private startCooldown(): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.pending) {
        this.pending = false;
        this.emit(this.latest);
        this.startCooldown();
      }
    }, this.intervalMs);
  }

  /** Sends the latest figure now if one is waiting, and stops the timer. */
  flush(): void {
    const waiting = this.pending;
    this.stop();
    if (waiting) this.emit(this.latest);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = false;
  }
}
