// Demo audio: valid, distinct, small WAV files.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_AUDIO_SAMPLE_RATE, writeDemoAudio } from '../wav.js';

describe('writeDemoAudio', () => {
  it('writes several distinct mono PCM WAV files of 20 to 45 seconds, each under 1 MB', () => {
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
        expect(body.readUInt32LE(4)).toBe(body.length - 8);
        const seconds = body.readUInt32LE(40) / (DEMO_AUDIO_SAMPLE_RATE * 2);
        expect(seconds).toBe(file?.durationSeconds);
        expect(seconds).toBeGreaterThanOrEqual(20);
        expect(seconds).toBeLessThanOrEqual(45);
        expect(body.length).toBe(file?.bytes);
        expect(body.length).toBeLessThan(1_000_000);
        // Fades: silent at the very start, audible in the middle.
        expect(body.readInt16LE(44)).toBe(0);
        const samples = (body.length - 44) / 2;
        const start = Math.floor(samples * 0.3);
        const middle = Array.from({ length: 400 }, (_, k) =>
          Math.abs(body.readInt16LE(44 + (start + k) * 2)),
        );
        expect(Math.max(...middle)).toBeGreaterThan(3000);
      }
      const prints = new Set(bodies.map((b) => b.subarray(44 + 20_000, 44 + 20_400).toString('hex')));
      expect(prints.size).toBe(bodies.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
