// The docs' link checker (scripts/check-links.mjs) on a small built site: links to existing pages and
// anchors pass (relative, to a folder's index.html, into an SVG sprite); a missing page, a missing anchor,
// a link leaving the folder, a root-absolute link and a malformed external URL are each reported with the
// page and line; links shown inside code samples are not links.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { checkLinks } from '../check-links.mjs';

let site: string;

beforeEach(() => {
  site = mkdtempSync(join(tmpdir(), 'sportspyder-links-'));
  mkdirSync(join(site, 'documents'));
  mkdirSync(join(site, 'assets'));
  writeFileSync(join(site, 'assets', 'icons.svg'), '<svg><g id="icon-anchor"></g></svg>');
  writeFileSync(
    join(site, 'index.html'),
    '<h1 id="top">Reference</h1><a href="documents/guide.html#setup">Guide</a>',
  );
  writeFileSync(join(site, 'documents', 'index.html'), '<p>Documents</p>');
});

afterEach(() => {
  rmSync(site, { recursive: true, force: true });
});

const page = (html: string) => writeFileSync(join(site, 'documents', 'guide.html'), html);

describe('checkLinks', () => {
  it('passes pages whose links and anchors exist', () => {
    page(
      [
        '<h2 id="setup">Setup</h2>',
        '<a href="../index.html#top">Home</a> <a href="#setup">here</a> <a href="./">documents</a>',
        '<svg><use href="../assets/icons.svg#icon-anchor"></use></svg>',
        '<a href="https://typedoc.org/">typedoc</a> <a href="mailto:dev@sportspyder.test">mail</a>',
      ].join('\n'),
    );
    const { problems, pages } = checkLinks(site);
    expect(problems).toEqual([]);
    expect(pages).toBe(3);
  });

  it('reports a missing page and a missing anchor with the page and line', () => {
    page('<h2 id="setup">Setup</h2>\n<a href="missing.html">gone</a>\n<a href="../index.html#nowhere">x</a>');
    expect(checkLinks(site).problems).toEqual([
      `documents${join('/')}guide.html:2: missing.html names no file (documents${join('/')}missing.html)`,
      `documents${join('/')}guide.html:3: ../index.html#nowhere: no element with id "nowhere" in index.html`,
    ]);
  });

  it('reports links that leave the docs and malformed external URLs', () => {
    page(
      '<h2 id="setup">Setup</h2><a href="../../README.md">up</a><a href="/settings/api">site</a><a href="https://exa mple.com">bad</a>',
    );
    const problems: string[] = checkLinks(site).problems;
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('leaves the docs folder');
    expect(problems[1]).toContain('root-absolute');
    expect(problems[2]).toContain('is not a valid URL');
  });

  it('ignores links shown inside code samples', () => {
    page(
      '<h2 id="setup">Setup</h2><pre><code>&lt;a href="nope.html"&gt; <span href="nope.html"></span></code></pre>',
    );
    expect(checkLinks(site).problems).toEqual([]);
  });
});
