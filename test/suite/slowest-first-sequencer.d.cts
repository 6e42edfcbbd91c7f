import TestSequencer from '@jest/test-sequencer';

declare class SlowestFirstSequencer extends TestSequencer {}

declare namespace SlowestFirstSequencer {
  interface SequencedFile {
    /** Relative to the repository's root. */
    readonly file: string;
    readonly project: string;
    /** From jest's cache of this machine's previous runs. */
    readonly cachedSeconds?: number | undefined;
    readonly failedLastTime: boolean;
  }

  function orderSlowestFirst<File extends SequencedFile>(
    files: readonly File[],
    recordedSeconds: Readonly<Record<string, number>>,
  ): File[];
}

export = SlowestFirstSequencer;
