import { describe, expect, it } from 'vitest';
import { episodeArtwork } from '../episode-artwork.js';

describe('episodeArtwork', () => {
  it("takes the episode's own image, else its podcast's, else none", () => {
    expect(episodeArtwork({ imageUrl: '/e.png', podcast: { imageUrl: '/p.png' } })).toBe('/e.png');
    expect(episodeArtwork({ imageUrl: null, podcast: { imageUrl: '/p.png' } })).toBe('/p.png');
    expect(episodeArtwork({ imageUrl: '', podcast: { imageUrl: '/p.png' } })).toBe('/p.png');
    expect(episodeArtwork({ podcast: { imageUrl: '' } })).toBeNull();
  });
});
