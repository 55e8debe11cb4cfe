// Front matter: reading draft and date, and publishing in place so that every other byte stays.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FrontMatterError, findFrontMatter, readPublishState } from '../../src/site/front-matter';
import { setPublished } from '../../src/site/front-matter-edit';

const date = '2026-11-28T10:00:00+01:00';

describe('finding and reading front matter', () => {
  it('reads draft and date from YAML, TOML and JSON, keys in any case', () => {
    const rows: [string, { draft: boolean; date: string | null }][] = [
      [
        '---\ntitle: x\ndate: 2020-01-02T03:04:05Z\ndraft: true\n---\nbody',
        { draft: true, date: '2020-01-02T03:04:05Z' },
      ],
      ['---\r\nDraft: "true"\r\n---\r\n', { draft: true, date: null }],
      [
        '+++\ndate = 2020-01-02T03:04:05Z\ndraft = false\n+++\n',
        { draft: false, date: '2020-01-02T03:04:05.000Z' },
      ],
      ["+++\ndate = '2020-01-02'\n+++\n", { draft: false, date: '2020-01-02' }],
      ['{"Draft": true, "DATE": "2020-01-02"}\nbody', { draft: true, date: '2020-01-02' }],
      ['\uFEFF---\ndraft: true\n---\n', { draft: true, date: null }],
      ['no front matter\n---\ndraft: true\n---\n', { draft: false, date: null }],
      ['', { draft: false, date: null }],
    ];
    for (const [text, expected] of rows) assert.deepEqual(readPublishState(text), expected, text);
  });

  it('refuses a block that is not closed or not keys and values', () => {
    for (const text of [
      '---\ntitle: x\n',
      '+++\ntitle = 1\n',
      '{"title": "x"\nbody',
      '---\n- a\n---\n',
      '---\ntitle: [a\n---\n',
      '+++\nx = \n+++\n',
    ])
      assert.throws(() => readPublishState(text), FrontMatterError, text);
  });

  it('finds where the block lies and the newline the file uses', () => {
    assert.deepEqual(findFrontMatter('---\r\na: 1\r\n---\r\nb'), {
      format: 'yaml',
      bodyStart: 5,
      bodyEnd: 11,
      newline: '\r\n',
    });
    assert.deepEqual(findFrontMatter('{"a": "}"}\n{b}'), {
      format: 'json',
      bodyStart: 0,
      bodyEnd: 10,
      newline: '\n',
    });
    assert.equal(findFrontMatter('--- not a block\n---\n'), undefined);
  });
});

describe('publishing front matter in place', () => {
  it('rewrites draft and date where they stand and adds those missing', () => {
    const rows: [string, string][] = [
      // YAML: values replaced, comments, quotes, key case and every other line kept.
      [
        '---\ntitle: "Hello"\ndate: 2026-11-27T21:57:23Z\ndraft: true\n---\n\nbody\n---\ndraft: true\n',
        `---\ntitle: "Hello"\ndate: ${date}\ndraft: false\n---\n\nbody\n---\ndraft: true\n`,
      ],
      [
        "---\r\nDate: '2020-01-01' # when\r\nDraft:   true   # not yet\r\n---\r\nbody",
        `---\r\nDate: '${date}' # when\r\nDraft:   false   # not yet\r\n---\r\nbody`,
      ],
      [
        '---\ntags:\n  - a\n  - b\n---\nx',
        `---\ntags:\n  - a\n  - b\ndate: ${date}\ndraft: false\n---\nx`,
      ],
      [
        '---\nparams:\n  draft: true\n---\n',
        `---\nparams:\n  draft: true\ndate: ${date}\ndraft: false\n---\n`,
      ],
      ['---\n---\n', `---\ndate: ${date}\ndraft: false\n---\n`],
      [
        '---\ntitle: x\npublishDate: "2030-01-01"\n---\n',
        `---\ntitle: x\npublishDate: "${date}"\ndate: ${date}\ndraft: false\n---\n`,
      ],
      // TOML: keys before the first table only; multi-line strings are text.
      [
        "+++\ntitle = 'x'\ndraft = true\n[params]\ndraft = true\n+++\nbody",
        `+++\ntitle = 'x'\ndraft = false\ndate = ${date}\n[params]\ndraft = true\n+++\nbody`,
      ],
      [
        '+++\ndescription = """\ndraft = true\n"""\ndate = "2020-01-01" # c\n+++\n',
        `+++\ndescription = """\ndraft = true\n"""\ndate = "${date}" # c\ndraft = false\n+++\n`,
      ],
      // JSON: values replaced where they are, missing members added first, indentation copied.
      [
        '{\n  "title": "x",\n  "draft": true,\n  "tags": ["a", {"b": "}"}]\n}\nbody',
        `{\n  "date": "${date}",\n  "title": "x",\n  "draft": false,\n  "tags": ["a", {"b": "}"}]\n}\nbody`,
      ],
      [
        '{"title":"x","date":"2020-01-01"}\nbody',
        `{"draft": false,"title":"x","date":"${date}"}\nbody`,
      ],
      ['{}\nbody', `{\n  "date": "${date}",\n  "draft": false\n}\nbody`],
      // No front matter: a YAML block in front, with the file's newline and after its BOM.
      ['just text\n', `---\ndate: ${date}\ndraft: false\n---\njust text\n`],
      ['\uFEFFtext\r\n', `\uFEFF---\r\ndate: ${date}\r\ndraft: false\r\n---\r\ntext\r\n`],
    ];
    for (const [text, expected] of rows) {
      const published = setPublished(text, date);
      assert.equal(published, expected, text);
      assert.equal(readPublishState(published).draft, false);
    }
  });

  it('refuses, changing nothing, what it cannot rewrite safely', () => {
    for (const text of [
      '---\ndraft: |\n  true\n---\n',
      '---\ndraft:\n---\n',
      '---\ntitle: [a\n---\n',
      '---\ntitle: x\n',
      '{"draft": true\n',
      '{"draft" true}\n',
      '---\ndraft: true\ndraft: true\n---\n',
    ])
      assert.throws(() => setPublished(text, date), FrontMatterError, text);
  });
});
