/**
 * Short demo audio: mono 16-bit PCM WAV files of a few tones and chirps with fades, each recognisably
 * different, generated without any dependency (podcast episodes of the demo point at them).
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Sample rate of the demo audio. */
export const DEMO_AUDIO_SAMPLE_RATE = 11_025;

/** One demo audio file. */
export interface DemoAudioFile {
  /** File name (`jingle-1.wav`). */
  file: string;
  /** Duration in whole seconds. */
  durationSeconds: number;
  /** Size in bytes. */
  bytes: number;
}

// Per file: duration and the notes (Hz) it walks through; odd files glide (chirps), even ones step.
const TRACKS: readonly { seconds: number; notes: readonly number[] }[] = [
  { seconds: 24, notes: [262, 330, 392, 523] },
  { seconds: 30, notes: [440, 370, 294, 220] },
  { seconds: 36, notes: [196, 247, 294, 392, 494] },
  { seconds: 42, notes: [349, 440, 523, 440] },
  { seconds: 27, notes: [523, 392, 330, 262, 196] },
  { seconds: 33, notes: [294, 392, 294, 440] },
];

/** The demo audio files (names, durations, sizes) without writing them. */
export function demoAudioFiles(): DemoAudioFile[] {
  return TRACKS.map((t, i) => ({
    file: `episode-${i + 1}.wav`,
    durationSeconds: t.seconds,
    bytes: 44 + t.seconds * DEMO_AUDIO_SAMPLE_RATE * 2,
  }));
}

/**
 * Encodes one track as a WAV file.
 *
 * @example
 * const bytes = encodeDemoWav(0); // RIFF....WAVE, 11,025 Hz, mono, 16-bit
 */
export function encodeDemoWav(index: number): Buffer {
  const track = TRACKS[index % TRACKS.length] as (typeof TRACKS)[number];
  const rate = DEMO_AUDIO_SAMPLE_RATE;
  const samples = track.seconds * rate;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples * 2, 40);
  const segment = samples / track.notes.length;
  const glide = index % 2 === 1;
  let phase = 0;
  for (let i = 0; i < samples; i++) {
    const n = Math.min(track.notes.length - 1, Math.floor(i / segment));
    const from = track.notes[n] as number;
    const to = (track.notes[n + 1] ?? from) as number;
    const within = (i - n * segment) / segment;
    const freq = glide ? from + (to - from) * within : from;
    phase += (2 * Math.PI * freq) / rate;
    // Short fades at each note and the file's ends avoid clicks; a slow pulse keeps it from droning.
    const noteFade = Math.min(1, within * 20, (1 - within) * 20);
    const fileFade = Math.min(1, i / rate, (samples - i) / rate);
    const pulse = 0.75 + 0.25 * Math.sin((2 * Math.PI * i) / rate);
    const value = Math.sin(phase) * 0.35 * noteFade * fileFade * pulse;
    buffer.writeInt16LE(Math.round(value * 32767), 44 + i * 2);
  }
  return buffer;
}

/**
 * Writes the demo audio files into `dir` (created when missing) and answers them.
 *
 * @example
 * writeDemoAudio(join(dataDir, 'demo', 'audio'));
 */
export function writeDemoAudio(dir: string): DemoAudioFile[] {
  mkdirSync(dir, { recursive: true });
  const files = demoAudioFiles();
  files.forEach((f, i) => {
    writeFileSync(join(dir, f.file), encodeDemoWav(i));
  });
  return files;
}
