import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SCENARIOS } from './shipments';

/**
 * A simulator's parcels on disk, so a restart of local mode finds every booking again. One JSON file
 * per courier, replaced whole: written to a temporary file and renamed over the old one (a crash
 * mid-write leaves the previous file), a short while after the last change rather than on each one.
 * A file that cannot be read (corrupt, or from an older format) is renamed aside with a warning and
 * the simulator starts empty: local data is never worth a crash.
 */

export const SIM_FILE_FORMAT = 'dakiya-courier-sim';
/** Raise when the meaning of a saved field changes: older files are then set aside, not misread. */
export const SIM_FILE_VERSION = 1;

const SavedShipment = z.object({
  trackingNumber: z.string().min(1),
  data: z.unknown(),
  scenario: z.enum(SCENARIOS),
  bookedAt: z.number(),
  tickMs: z.number().positive(),
  cancelled: z.boolean(),
  /** Stage keys (`stageKey`) with their times, oldest first. */
  events: z.array(z.object({ stage: z.string(), at: z.number() })).min(1),
});

export const SimFile = z.object({
  format: z.literal(SIM_FILE_FORMAT),
  version: z.literal(SIM_FILE_VERSION),
  courier: z.string(),
  clockOffsetMs: z.number().nonnegative(),
  defaultScenario: z.enum(SCENARIOS),
  /** Credential sets added at run time (the demo sets are built in), as they were sent. */
  credentials: z.array(z.record(z.string(), z.unknown())),
  shipments: z.array(SavedShipment),
});
export type SimFile = z.infer<typeof SimFile>;

export interface SimDataFileOptions {
  file: string;
  /** The state to write, read when the write happens. */
  snapshot(): SimFile;
  warn(message: string): void;
  debounceMs?: number;
}

export class SimDataFile {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private writing: Promise<void> | undefined;
  /** Set when an unreadable file could not be moved aside either: it is left alone, parcels stay in memory. */
  private disabled = false;

  constructor(private readonly options: SimDataFileOptions) {}

  get file(): string {
    return this.options.file;
  }

  /**
   * Reads the file and hands it to `apply`, which throws when the content does not fit this simulator
   * (an unknown stage, a parcel of another shape) before changing anything. Nothing to read is fine.
   */
  load(courier: string, apply: (saved: SimFile) => void): void {
    try {
      const saved = SimFile.parse(JSON.parse(fs.readFileSync(this.file, 'utf8')));
      if (saved.courier !== courier) throw new Error(`it holds ${saved.courier}'s parcels`);
      apply(saved);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      this.setAside(error);
    }
  }

  /** Something changed: write soon, once for a burst of changes. */
  schedule(): void {
    this.dirty = true;
    if (this.timer || this.disabled) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.debounceMs ?? 200);
    this.timer.unref();
  }

  /** Writes now if anything changed since the last write (and waits for a write under way). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.writing) await this.writing;
    if (!this.dirty || this.disabled) return;
    this.dirty = false;
    const text = JSON.stringify(this.options.snapshot());
    this.writing = this.write(text).finally(() => {
      this.writing = undefined;
    });
    await this.writing;
  }

  private async write(text: string): Promise<void> {
    const temp = `${this.file}.tmp`;
    try {
      await fs.promises.mkdir(path.dirname(this.file), { recursive: true });
      await fs.promises.writeFile(temp, text);
      await fs.promises.rename(temp, this.file);
    } catch (error) {
      // the parcels are still in memory: the next change tries again
      this.dirty = true;
      this.options.warn(`could not write ${this.file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private setAside(error: unknown): void {
    const aside = `${this.file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    const reason = error instanceof z.ZodError ? 'it is not in the current format' : error instanceof Error ? error.message : String(error);
    try {
      fs.renameSync(this.file, aside);
    } catch (renameError) {
      this.disabled = true;
      const why = renameError instanceof Error ? renameError.message : String(renameError);
      this.options.warn(`${this.file} could not be read (${reason}) nor moved aside (${why}); left as it is, parcels are kept in memory only`);
      return;
    }
    this.options.warn(`${this.file} could not be read (${reason}); moved to ${path.basename(aside)}, starting with no parcels`);
  }
}
