/** One finished stage, for progress lines and `--verbose`. */
export interface StageReport {
  name: string;
  ms: number;
  detail?: string;
}

/** Times the stages of a command and reports each as it ends. */
export interface StageTimer {
  /** Runs a stage that happens once, and reports it when it ends. */
  time<T>(name: string, run: () => Promise<T> | T, detail?: (value: T) => string | undefined): Promise<T>;
  /** Runs one more piece of a stage that happens many times (a batch); reported by `report`. */
  add<T>(name: string, run: () => Promise<T> | T, count?: number): Promise<T>;
  /** Adds time measured elsewhere (by a render worker) to a stage timed with `add`. */
  record(name: string, ms: number, count?: number): void;
  /** Reports a stage timed with `add`, with its total time and detail, if it ran at all. */
  report(name: string, detail?: (count: number) => string): void;
  /** Every stage reported so far, in order. */
  readonly stages: readonly StageReport[];
}

/** A timer that hands each finished stage to `onStage` (the CLI prints a line). */
export function createStageTimer(onStage: (stage: StageReport) => void = () => {}): StageTimer {
  const stages: StageReport[] = [];
  const totals = new Map<string, { ms: number; count: number }>();
  const finish = (stage: StageReport) => {
    stages.push(stage);
    onStage(stage);
  };
  return {
    stages,
    async time(name, run, detail) {
      const start = performance.now();
      const value = await run();
      finish({ name, ms: performance.now() - start, detail: detail?.(value) });
      return value;
    },
    async add(name, run, count = 0) {
      const start = performance.now();
      try {
        return await run();
      } finally {
        this.record(name, performance.now() - start, count);
      }
    },
    record(name, ms, count = 0) {
      const total = totals.get(name) ?? { ms: 0, count: 0 };
      totals.set(name, { ms: total.ms + ms, count: total.count + count });
    },
    report(name, detail) {
      const total = totals.get(name);
      if (total) finish({ name, ms: total.ms, detail: detail?.(total.count) });
    },
  };
}
