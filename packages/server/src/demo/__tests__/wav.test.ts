// Demo audio: valid, distinct, small WAV files.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_AUDIO_SAMPLE_RATE, writeDemoAudio } from '../wav.js';

describe('writeDemoAudio', () => {
  it('writes several distinct mono 8-bit PCM WAV files of 90 to 180 seconds (past the 60 s completion threshold), each under 1.5 MB', () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-audio-'));
    try {
      const files = writeDemoAudio(dir);
      expect(files.length).toBeGreaterThanOrEqual(4);
      const bodies = files.map((f) => readFileSync(join(dir, f.file)));
      for (const [i, body] of bodies.entries()) {
        const file = files[i];
        expect(body.toString('ascii', 0, 4)).toBe('RIFF');
        expect(body.toString('ascii', 8, 12)).toBe('WAVE');
        expect(body.readUInt16LE(20)).toBe(1);
        expect(body.readUInt16LE(22)).toBe(1);
        expect(body.readUInt32LE(24)).toBe(DEMO_AUDIO_SAMPLE_RATE);
        expect(body.readUInt16LE(34)).toBe(8);
        expect(body.readUInt32LE(4)).toBe(body.length - 8);
        const seconds = body.readUInt32LE(40) / DEMO_AUDIO_SAMPLE_RATE;
        expect(seconds).toBe(file?.durationSeconds);
        expect(seconds).toBeGreaterThanOrEqual(90);
        expect(seconds).toBeLessThanOrEqual(180);
        expect(body.length).toBe(file?.bytes);
        expect(body.length).toBeLessThan(1_500_000);
        // Fades: silent (128 in unsigned 8-bit) at the very start, audible in the middle.
        expect(body.readUInt8(44)).toBe(128);
        const samples = body.length - 44;
        const start = Math.floor(samples * 0.3);
        const middle = Array.from({ length: 400 }, (_, k) => Math.abs(body.readUInt8(44 + start + k) - 128));
        expect(Math.max(...middle)).toBeGreaterThan(12);
      }
      const prints = new Set(bodies.map((b) => b.subarray(44 + 20_000, 44 + 20_400).toString('hex')));
      expect(prints.size).toBe(bodies.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
