/**
 * Demo audio: mono 8-bit PCM WAV files of a few tones and chirps with fades, each recognisably
 * different, generated without any dependency (podcast episodes of the demo point at them). Each lasts
 * 95 to 170 seconds: longer than the player's completion threshold (60 s left), so a demo episode is
 * not "Completed" the moment it starts, and small enough at 8 kHz (under 1.4 MB each).
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Sample rate of the demo audio. */
export const DEMO_AUDIO_SAMPLE_RATE = 8000;

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
  { seconds: 95, notes: [262, 330, 392, 523, 392, 330] },
  { seconds: 120, notes: [440, 370, 294, 220, 294, 370] },
  { seconds: 150, notes: [196, 247, 294, 392, 494, 392, 294] },
  { seconds: 170, notes: [349, 440, 523, 440, 349, 294] },
  { seconds: 105, notes: [523, 392, 330, 262, 196, 262] },
  { seconds: 135, notes: [294, 392, 294, 440, 523, 440] },
];

/** The demo audio files (names, durations, sizes) without writing them. */
export function demoAudioFiles(): DemoAudioFile[] {
  return TRACKS.map((t, i) => ({
    file: `episode-${i + 1}.wav`,
    durationSeconds: t.seconds,
    bytes: 44 + t.seconds * DEMO_AUDIO_SAMPLE_RATE,
  }));
}

/**
 * Encodes one track as a WAV file.
 *
 * @example
 * const bytes = encodeDemoWav(0); // RIFF....WAVE, 8,000 Hz, mono, 8-bit
 */
export function encodeDemoWav(index: number): Buffer {
  const track = TRACKS[index % TRACKS.length] as (typeof TRACKS)[number];
  const rate = DEMO_AUDIO_SAMPLE_RATE;
  const samples = track.seconds * rate;
  const buffer = Buffer.alloc(44 + samples);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate, 28); // bytes per second
  buffer.writeUInt16LE(1, 32); // block align
  buffer.writeUInt16LE(8, 34); // bits per sample
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples, 40);
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
    // 8-bit PCM is unsigned, silence at 128.
    buffer.writeUInt8(128 + Math.round(value * 127), 44 + i);
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
