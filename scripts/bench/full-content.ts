// The "full-content" variant of the ingest corpus (scripts/bench/ingest.ts). The demo's feeds carry a
// headline and a one-paragraph summary per item (about 1 KB), like the wire feeds of league-wide outlets.
// Team blogs (WordPress, SB Nation and FanSided style) publish the whole post in the feed instead:
// RSS `content:encoded` or Atom `<content type="html">`, 500 to 1,400 words of HTML per item. This module
// adds such a body to every item of the demo's team-blog news feeds (RSS and Atom with default teams), so
// the benchmark can report throughput on feed XML as those publishers write it. Bodies are deterministic
// (seeded) and only ever read by the parser: tagging reads the title and summary.
import { createRandom, mixSeed, type Random } from '../../packages/server/src/demo/prng.js';

/** The demo source fields this module reads. */
export interface CorpusFeed {
  key: string;
  format: string;
  teamSlugs: readonly string[];
  body: string;
}

const OPENERS = [
  'It was the kind of afternoon that',
  'Nobody inside the building expected that',
  'For three quarters the game looked like',
  'The coaching staff spent the week insisting that',
  'If there was one number that mattered,',
  'The locker room was quiet afterwards, and',
];
const MIDDLES = [
  'the defense finally found a way to get off the field on third down',
  'the rotation held up even without two of its regular starters',
  'the rookie played the best stretch of his young career',
  'the offense leaned on the running game once the lead reached double digits',
  'the special teams unit flipped field position twice in the fourth quarter',
  'the front office will have decisions to make before the trade deadline',
];
const CLOSERS = [
  'and the next two weeks will tell us whether it lasts.',
  'which is exactly what this team needed heading into a tough stretch of the schedule.',
  'although the film will show plenty of mistakes worth correcting.',
  'and the standings suddenly look a lot more interesting.',
  'so expect the same plan when the division rival comes to town.',
];

function sentence(random: Random): string {
  const pick = (list: readonly string[]) => list[Math.floor(random.next() * list.length)] as string;
  return `${pick(OPENERS)} ${pick(MIDDLES)}, ${pick(CLOSERS)}`;
}

/** One post body: 500 to 1,400 words in paragraphs, with the links and figures blog posts carry. */
export function postBody(random: Random): string {
  const words = 500 + Math.floor(random.next() * 900);
  const parts: string[] = [];
  let count = 0;
  for (let p = 0; count < words; p++) {
    const sentences = Array.from({ length: 3 + Math.floor(random.next() * 3) }, () => sentence(random));
    count += sentences.join(' ').split(' ').length;
    parts.push(`<p>${sentences.join(' ')}</p>`);
    if (p % 4 === 2) {
      parts.push(
        `<figure><img src="https://cdn.blog.example/uploads/2026/11/photo-${p}.jpg" alt="" width="1200" height="800"/>` +
          '<figcaption>Photo: Staff</figcaption></figure>',
      );
    }
    if (p % 5 === 3) {
      parts.push(`<p><a href="https://blog.example/2026/11/related-${p}/">Read more: the film room</a></p>`);
    }
  }
  return parts.join('\n');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Answers the feed body with a full post in every item when the feed is a team blog's RSS or Atom
 * feed; any other feed is answered unchanged.
 */
export function withFullContent(feed: CorpusFeed, seed: number): string {
  if (feed.teamSlugs.length === 0 || (feed.format !== 'rss' && feed.format !== 'atom')) return feed.body;
  const random = createRandom(mixSeed(seed, feed.key, 'full-content'));
  if (feed.format === 'rss') {
    return feed.body
      .replace(
        '<rss version="2.0"',
        '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"',
      )
      .replace(
        /\n {4}<\/item>/g,
        () => `\n      <content:encoded><![CDATA[${postBody(random)}]]></content:encoded>\n    </item>`,
      );
  }
  return feed.body.replace(
    /\n {2}<\/entry>/g,
    () => `\n    <content type="html">${escapeXml(postBody(random))}</content>\n  </entry>`,
  );
}
