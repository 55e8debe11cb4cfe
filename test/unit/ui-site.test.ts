// The site UI's pure rules: the schedule picker's local time to RFC 3339 and back (in a time zone
// with clock changes, and one without), a post's front matter left out of its preview, the section a
// new post starts in, which files are posts, and the editor's badge.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Site } from '../../ui/api/site';
import { isPostPath, postStateOf, sectionOf } from '../../ui/api/site-posts';
import { stripFrontMatter } from '../../ui/components/front-matter';
import {
  initialChoice,
  instantToLocalInput,
  localInputToInstant,
  scheduleProblem,
} from '../../ui/prompts/schedule-time';

/** Runs the suite in a time zone: Node reads TZ again whenever it is set. */
function inTimeZone(zone: string): void {
  let previous: string | undefined;
  before(() => {
    previous = process.env.TZ;
    process.env.TZ = zone;
  });
  after(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });
}

describe('schedule times in New York (clock changes)', () => {
  inTimeZone('America/New_York');

  it('reads the picked wall-clock time with the offset of that day', () => {
    const cases: [string, string][] = [
      ['2026-11-28T10:00', '2026-11-28T15:00:00.000Z'], // EST, UTC−5
      ['2026-07-01T10:00', '2026-07-01T14:00:00.000Z'], // EDT, UTC−4
      ['2026-07-01T10:00:30', '2026-07-01T14:00:30.000Z'],
      ['2026-12-31T23:59', '2027-01-01T04:59:00.000Z'],
      // 02:30 does not exist on 8 March 2026: the clock shows 03:30 EDT at that instant.
      ['2026-03-08T02:30', '2026-03-08T07:30:00.000Z'],
    ];
    for (const [picked, instant] of cases)
      assert.equal(localInputToInstant(picked), instant, picked);
  });

  it('refuses what names no time', () => {
    for (const value of [
      '',
      'tomorrow',
      '2026-02-31T10:00',
      '2026-13-01T10:00',
      '2026-00-10T10:00',
      '2026-11-28T24:00',
      '2026-11-28T10:60',
      '2026-11-28 10:00',
      '2026-11-28',
    ])
      assert.equal(localInputToInstant(value), null, value);
  });

  it('shows an instant back as the picker value of that zone, to the minute', () => {
    assert.equal(instantToLocalInput('2026-11-28T15:00:00.000Z'), '2026-11-28T10:00');
    assert.equal(instantToLocalInput('2026-07-01T14:00:59.000Z'), '2026-07-01T10:00');
    const picked = '2026-10-05T08:45';
    assert.equal(instantToLocalInput(localInputToInstant(picked) ?? ''), picked);
  });

  it('starts from the post schedule when it is ahead, else from the next full hour', () => {
    const now = Date.parse('2026-11-28T15:20:00.000Z'); // 10:20 in New York
    assert.equal(initialChoice(null, now), '2026-11-28T11:00');
    assert.equal(initialChoice('2026-12-24T23:00:00.000Z', now), '2026-12-24T18:00');
    assert.equal(initialChoice('2026-11-01T10:00:00.000Z', now), '2026-11-28T11:00');
  });

  it('refuses a time that is not after now', () => {
    const now = Date.parse('2026-11-28T15:20:00.000Z');
    assert.equal(scheduleProblem(null, now), 'invalid');
    assert.equal(scheduleProblem('2026-11-28T15:19:00.000Z', now), 'past');
    assert.equal(scheduleProblem('2026-11-28T15:20:00.000Z', now), 'past');
    assert.equal(scheduleProblem('2026-11-28T15:21:00.000Z', now), null);
  });
});

describe('schedule times in Tokyo (no clock change)', () => {
  inTimeZone('Asia/Tokyo');

  it('reads the picked time nine hours ahead of UTC, across the date line', () => {
    assert.equal(localInputToInstant('2026-11-28T10:00'), '2026-11-28T01:00:00.000Z');
    assert.equal(localInputToInstant('2026-01-01T03:00'), '2025-12-31T18:00:00.000Z');
    assert.equal(instantToLocalInput('2025-12-31T18:00:00.000Z'), '2026-01-01T03:00');
  });
});

describe('front matter left out of the preview', () => {
  const cases: [string, string, string][] = [
    ['YAML', '---\ntitle: "Hello"\ndraft: true\n---\n# Hello\n', '# Hello\n'],
    ['TOML', '+++\ntitle = "Hello"\n+++\nBody', 'Body'],
    ['CRLF lines', '---\r\ntitle: x\r\n---\r\nBody\r\n', 'Body\r\n'],
    ['a byte order mark', '\uFEFF---\ntitle: x\n---\nBody', 'Body'],
    ['JSON', '{\n  "title": "a } in a string",\n  "tags": {"x": 1}\n}\nBody', 'Body'],
    ['nothing but front matter', '---\ntitle: x\n---', ''],
    ['no front matter', '# Title\n\n---\n\ntext', '# Title\n\n---\n\ntext'],
    ['an unclosed fence', '---\ntitle: x\nBody', '---\ntitle: x\nBody'],
    ['an unclosed JSON object', '{"title": "x"\nBody', '{"title": "x"\nBody'],
  ];
  for (const [name, source, body] of cases)
    it(name, () => assert.equal(stripFrontMatter(source), body));
});

describe('posts of a site', () => {
  const site: Site = {
    root: '/blog',
    contentDir: '/blog/content',
    archetypes: ['default', 'posts'],
    sections: ['posts', 'notes'],
    buildCommand: 'hugo',
    canBuild: false,
    scheduled: [],
    lastBuild: null,
  };

  it('starts a new post in the section of the content folder shown, else posts or the first', () => {
    assert.equal(sectionOf(site, '/blog/content/notes'), 'notes');
    assert.equal(sectionOf(site, '/blog/content/posts/2024/05'), 'posts');
    assert.equal(sectionOf(site, '/blog/content'), '');
    assert.equal(sectionOf(site, '/blog'), 'posts');
    assert.equal(sectionOf(site, '/blog/static'), 'posts');
    assert.equal(sectionOf({ ...site, sections: ['about', 'posts'] }, '/blog'), 'posts');
    assert.equal(sectionOf({ ...site, sections: ['about', 'notes'] }, '/blog'), 'about');
    assert.equal(sectionOf({ ...site, sections: [] }, '/blog'), '');
  });

  it('counts Markdown files inside the content folder as posts', () => {
    assert.equal(isPostPath(site, '/blog/content/posts/hello.md'), true);
    assert.equal(isPostPath(site, '/blog/content/about.MARKDOWN'), true);
    assert.equal(isPostPath(site, '/blog/content/posts/photo.jpg'), false);
    assert.equal(isPostPath(site, '/blog/README.md'), false);
    assert.equal(
      isPostPath(site, '/blog/content-old/x.md'),
      false,
      'a sibling with the same prefix',
    );
  });

  it('badges a schedule over the draft mark it will lift', () => {
    const status = { draft: true, date: null, scheduledAt: null, builtPage: null };
    assert.equal(postStateOf(status), 'draft');
    assert.equal(postStateOf({ ...status, scheduledAt: '2031-01-02T01:30:00.000Z' }), 'scheduled');
    assert.equal(postStateOf({ ...status, draft: false }), 'published');
  });
});
