// A partner's site on its own origin (its own port), serving partner.html with SportSpyder's player and
// chat embeds. SportSpyder must list this origin in CHAT_EMBED_ORIGINS for the chat frame to load.
//   SPORTSPYDER_URL=http://localhost:8080 PORT=4100 node server.mjs
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const sportspyder = new URL(process.env.SPORTSPYDER_URL ?? 'http://localhost:8080').origin;
const port = Number(process.env.PORT ?? 4100);
const template = readFileSync(new URL('./partner.html', import.meta.url), 'utf8');

/**
 * The episode to embed. A real partner pastes a fixed id from SportSpyder's episode page (or sets
 * EPISODE_ID); this demo asks the public API for the Packers' latest, since ids differ per database.
 */
async function episodeId() {
  if (process.env.EPISODE_ID) return process.env.EPISODE_ID;
  const res = await fetch(`${sportspyder}/api/v1/teams/green-bay-packers/podcast_episodes?perPage=1`);
  if (!res.ok) throw new Error(`SportSpyder answered ${res.status} for the latest episode`);
  const { podcastEpisodes } = await res.json();
  if (!podcastEpisodes[0]) throw new Error('the Packers have no podcast episode yet');
  return String(podcastEpisodes[0].id);
}

const server = createServer(async (req, res) => {
  if (req.url !== '/' && req.url !== '/index.html') {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  try {
    const html = template
      .replaceAll('{{SPORTSPYDER_URL}}', sportspyder)
      .replaceAll('{{EPISODE_ID}}', await episodeId());
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  } catch (error) {
    res
      .writeHead(502, { 'content-type': 'text/plain' })
      .end(`Is SportSpyder running at ${sportspyder}? ${error}`);
  }
});

server.listen(port, '127.0.0.1', () => {
  // localhost, not 127.0.0.1: that is the origin to put in CHAT_EMBED_ORIGINS.
  const origin = `http://localhost:${server.address().port}`;
  console.log(
    `Partner page on ${origin}/ (embeds from ${sportspyder}; SportSpyder needs CHAT_EMBED_ORIGINS=${origin})`,
  );
});
