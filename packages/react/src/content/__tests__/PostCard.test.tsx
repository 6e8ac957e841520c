import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PostCard } from '../PostCard.js';
import { makePost, NOW } from './content-fixtures.js';

afterEach(cleanup);

const photo = (id: number) => ({
  id,
  mediaId: String(id),
  mediaType: 'image',
  description: `Photo ${id}`,
  imageUrl: `/p${id}.jpg`,
  originalHeight: 800,
  originalWidth: 1200,
  previewUrl: `/p${id}-small.jpg`,
  smallHeight: 200,
  smallWidth: 300,
});

describe('PostCard', () => {
  it('shows the avatar, name, handle, time and text', () => {
    render(<PostCard post={makePost({ text: 'Game day!' })} now={NOW} />);
    expect(screen.getByText('Dallas Cowboys')).toBeTruthy();
    expect(screen.getByText('@dallascowboys')).toBeTruthy();
    expect(screen.getByText('Game day!')).toBeTruthy();
    expect(screen.getByText('1h ago')).toBeTruthy();
    expect(document.querySelector('.ss-post__avatar')?.getAttribute('src')).toBe('/avatar.png');
    expect(screen.queryByText('Replying to a post')).toBeNull();
  });

  it('shows photos in a grid, the video, the link preview, the quoted post and the reply marker', () => {
    const post = makePost({
      inReplyToId: '99',
      photos: [photo(1), photo(2), photo(3)],
      video: {
        id: 4,
        mediaId: '4',
        mediaType: 'video',
        url: '/clip.mp4',
        previewUrl: '/clip.jpg',
        originalHeight: null,
        originalWidth: null,
        smallHeight: null,
        smallWidth: null,
      },
      linkPreview: {
        url: 'https://pub.example/story',
        siteName: 'Pub',
        title: 'The story',
        image: null,
        imageUrl: '/story.jpg',
        previewUrl: null,
        width: null,
        height: null,
      },
      quotedTweet: {
        text: 'Quoted words',
        name: 'Reporter',
        screenName: 'reporter',
        image: null,
        imageUrl: null,
        previewUrl: null,
        width: null,
        height: null,
      },
    });
    render(<PostCard post={post} now={NOW} />);
    expect(screen.getByText('Replying to a post')).toBeTruthy();
    const grid = document.querySelector('.ss-post__photos');
    expect(grid?.classList.contains('ss-post__photos--3')).toBe(true);
    expect(screen.getByAltText('Photo 2').getAttribute('src')).toBe('/p2-small.jpg');
    expect(document.querySelector('video')?.getAttribute('src')).toBe('/clip.mp4');
    expect(screen.getByRole('link', { name: /The story/ }).getAttribute('href')).toBe(
      'https://pub.example/story',
    );
    expect(screen.getByText('Quoted words')).toBeTruthy();
    expect(screen.getByText('@reporter')).toBeTruthy();
  });
});
