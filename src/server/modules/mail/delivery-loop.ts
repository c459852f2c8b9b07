/**
 * The delivery rhythm of an outbox (the e-mails', the texts'): a pass now after each change (`soon`), and every
 * `intervalMs` once started; one pass at a time, and a call during a pass runs one more after it, so nothing stored
 * meanwhile waits for the next tick. A pass's failure is reported, never thrown.
 */
export class DeliveryLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;
  private stopped = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.soon(), this.intervalMs);
    this.timer.unref();
    this.soon();
  }

  /** Stops the timer and waits for a pass under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  soon(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.pass()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.rerun) {
          this.rerun = false;
          this.soon();
        }
      });
  }

  /** Resolves once no pass is running (one started meanwhile included). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}
