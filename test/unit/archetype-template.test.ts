// The archetype interpreter: Hugo's text functions (expected values taken from `hugo new` with hugo
// v0.111.3), Go's time layouts and printf, trim markers, conditions, and what it refuses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TemplateError, expandArchetype } from '../../src/site/archetype-template';
import type { ArchetypePage } from '../../src/site/archetype-template';
import { humanizeText, titleText, urlizeText } from '../../src/site/archetype-text';
import {
  TemplateTime,
  formatGoTime,
  parseTemplateDate,
  rfc3339,
} from '../../src/site/archetype-time';

/** 2026-03-04T05:06:07.089Z, shown in UTC. */
const instant = new TemplateTime(Date.UTC(2026, 2, 4, 5, 6, 7, 89), 0, 'UTC');

const page = (overrides: Partial<ArchetypePage> = {}): ArchetypePage => ({
  name: 'hello-world',
  fileName: 'hello-world.md',
  section: 'posts',
  type: 'posts',
  dir: 'posts/',
  now: instant,
  site: {
    title: 'My Site',
    baseURL: 'https://example.org/',
    languageCode: 'en-us',
    params: { author: 'Ann' },
  },
  ...overrides,
});

const expand = (source: string, overrides?: Partial<ArchetypePage>) =>
  expandArchetype(source, page(overrides));

describe('title, humanize and urlize', () => {
  it('title-cases as Hugo does (AP style)', () => {
    const rows: [string, string][] = [
      ['hello world', 'Hello World'],
      ['hello-world', 'Hello-World'],
      ['a tale of two cities', 'A Tale of Two Cities'],
      ['A-Tale-of-Two-Cities'.toLowerCase(), 'A-Tale-of-Two-Cities'],
      ['the_end of it', 'The_end of It'],
      ['why not go to the USA', 'Why Not Go to the USA'],
      ['über straße café', 'Über Straße Café'],
      ['helloWorld', 'HelloWorld'],
      ['and so on and', 'And So on And'],
      ['x a y', 'X a Y'],
      ['hello: a b', 'Hello: A B'],
      ["o'neil is here", "O'neil Is Here"],
      ['e.g. the a', 'E.g. the A'],
      ['x (a) y', 'X (A) Y'],
      ['iPhone x', 'IPhone X'],
      ['start up end', 'Start Up End'],
      ['start via end', 'Start via End'],
      ['x{{y}}', 'X{{y}}'],
      ['a/the/b', 'A/the/B'],
      ['x-the-y', 'X-the-Y'],
      ['x -the y', 'X -the Y'],
    ];
    for (const [input, expected] of rows) assert.equal(titleText(input), expected, input);
  });

  it('humanizes as Hugo does for names of words, hyphens, underscores and numbers', () => {
    const rows: [string, string][] = [
      ['hello-world', 'Hello world'],
      ['the_end of it', 'The end of it'],
      ['helloWorld', 'Hello world'],
      ['why-not-go-to-the-USA', 'Why not go to the usa'],
      ['über-straße-café', 'Über straße café'],
      ['USA-today', 'Usa today'],
      ['hello--world', 'Hello world'],
      ['  lead', 'Lead'],
      ['x1y2-z', 'X1y2 z'],
      ['3rd-thing', '3rd thing'],
      ['a.b-c.d', 'A.B c.d'],
      ['the-iPhone', 'The i phone'],
      ['42', '42nd'],
      ['0', '0th'],
      ['11', '11th'],
      ['-5', '-5th'],
      ['x{{y}}', 'X{{Y}}'],
    ];
    for (const [input, expected] of rows) assert.equal(humanizeText(input), expected, input);
  });

  it('urlizes as Hugo does, escaping what is not ASCII', () => {
    const rows: [string, string][] = [
      ['hello-world', 'hello-world'],
      ['my_post name', 'my_post-name'],
      ['Hello World', 'hello-world'],
      ['über-straße-café', '%C3%BCber-stra%C3%9Fe-caf%C3%A9'],
      ['x+y=z', 'x+yz'],
      ['100%', '100'],
      ['a%20b', 'a%20b'],
      ['x{{y}}', 'xy'],
      ['  lead', 'lead'],
      ["it's ok", 'its-ok'],
    ];
    for (const [input, expected] of rows) assert.equal(urlizeText(input), expected, input);
    assert.equal(urlizeText('Über Café', false), 'über-café');
  });
});

describe('Go times', () => {
  it('formats the reference layout words', () => {
    const rows: [string, string][] = [
      ['2006-01-02T15:04:05Z07:00', '2026-03-04T05:06:07Z'],
      ['Mon Jan _2 3:4:5 PM MST 06', 'Wed Mar  4 5:6:7 AM UTC 26'],
      ['Monday, January 2, 2006', 'Wednesday, March 4, 2026'],
      ['002 __2 .000 .999 ,00', '063  63 .089 .089 ,08'],
      ['15h04 pm -0700 -07:00 -07', '05h06 am +0000 +00:00 +00'],
      ['_2006', '_2026'],
      ['no layout words here', 'no layout words here'],
    ];
    for (const [layout, expected] of rows)
      assert.equal(formatGoTime(instant, layout), expected, layout);
    const paris = new TemplateTime(instant.ms, 60, 'CET');
    assert.equal(rfc3339(paris), '2026-03-04T06:06:07+01:00');
    assert.equal(formatGoTime(paris, 'MST Z0700 Z07:00'), 'CET +0100 +01:00');
    const newYork = new TemplateTime(Date.UTC(2026, 0, 1, 3), -300, '');
    assert.equal(formatGoTime(newYork, '2006-01-02 15:04 MST'), '2025-12-31 22:00 -0500');
  });

  it('parses the dates front matter holds, and nothing else', () => {
    assert.equal(parseTemplateDate('2020-03-04')?.ms, Date.UTC(2020, 2, 4));
    assert.equal(parseTemplateDate('2020-03-04T05:06:07+01:00')?.offsetMinutes, 60);
    assert.equal(parseTemplateDate('2020-03-04 05:06:07Z')?.ms, Date.UTC(2020, 2, 4, 5, 6, 7));
    assert.equal(
      parseTemplateDate('2020-03-04t05:06:07.123456789z')?.ms,
      Date.UTC(2020, 2, 4, 5, 6, 7, 123),
    );
    for (const text of [
      '2020-02-30',
      'tomorrow',
      '2020-3-4',
      '2020-03-04T25:00:00Z',
      '2020-03-04T10:60:00Z',
      '2020-03-04T10:00:61Z',
    ])
      assert.equal(parseTemplateDate(text), undefined, text);
  });
});

describe('expanding archetypes', () => {
  it('fills the page, site and time fields', () => {
    assert.equal(
      expand(
        '{{ .Name }}|{{ .Section }}|{{ .Type }}|{{ .File.ContentBaseName }}|{{ .File.LogicalName }}|{{ .File.Ext }}|{{ .File.Dir }}|{{ .File.Path }}|{{ .Date }}',
      ),
      'hello-world|posts|posts|hello-world|hello-world.md|md|posts/|posts/hello-world.md|2026-03-04T05:06:07Z',
    );
    assert.equal(
      expand(
        '{{ .Site.Title }}|{{ .Site.BaseURL }}|{{ .Site.LanguageCode }}|{{ .Site.Params.Author }}|{{ .Site.Params.missing }}',
      ),
      'My Site|https://example.org/|en-us|Ann|<no value>',
    );
    assert.equal(
      expand(
        '{{ now.Format "2006" }} {{ now.Year }} {{ now.Month }} {{ (now).Day }} {{ now.Unix }} {{ now }}',
      ),
      '2026 2026 March 4 1772600767 2026-03-04 05:06:07.089 +0000 UTC',
    );
    assert.equal(
      expand('{{ dateFormat "Jan 2, 2006" .Date }}|{{ time "2020-03-04" }}'),
      'Mar 4, 2026|2020-03-04 00:00:00 +0000 UTC',
    );
  });

  it('runs pipelines, the common functions and printf as Go does', () => {
    const rows: [string, string][] = [
      ['{{ replace .Name "-" " " | title }}', 'Hello World'],
      ['{{ .Name | replace "hello" "x" }}', 'hello'],
      ['{{ replace "a-b-c" "-" "+" 1 }}', 'a+b-c'],
      ['{{ .Name | humanize | upper }}', 'HELLO WORLD'],
      ['{{ lower "ABC" }}{{ upper "straße" }}', 'abcSTRAßE'],
      ['{{ trim "  xx  " " " }}', 'xx'],
      [
        '{{ default "d" "" }}|{{ default "d" false }}|{{ default "d" 0 }}|{{ "" | default "p" }}|{{ default "d" .Site.Params.none }}',
        'd|false|d|p|d',
      ],
      [
        '{{ printf "%s-%d-%q-%v-%t" .Name 42 .Name 3.5 true }}',
        'hello-world-42-"hello-world"-3.5-true',
      ],
      [
        '{{ printf "%5s|%-5s|%05d|%.2f|%x|%X|%%" "ab" "cd" 42 3.14159 255 255 }}',
        '   ab|cd   |00042|3.14|ff|FF|%',
      ],
      [
        '{{ printf "%d" "x" }}|{{ printf "%s" }}|{{ printf "%s" "a" "b" }}',
        '%!d(string=x)|%!s(MISSING)|a%!(EXTRA string=b)',
      ],
      ['{{ print 1 2 "a" "b" 3 }}', '1 2ab3'],
      ['{{ 3.0 }} {{ 1e21 }} {{ 0.000001 }} {{ -7 }}', '3 1e+21 1e-06 -7'],
      [
        '{{ and 1 0 }} {{ or "" "x" }} {{ not 0 }} {{ eq 1 2 1 }} {{ ne "a" "b" }} {{ lt 1 2 }} {{ len "héllo" }}',
        '0 x true true true true 6',
      ],
      ['{{ `raw "text"` }} {{ "esc\\t\\u00e9\\"" }}', 'raw "text" esc\té"'],
      ['{{ if eq .Section "posts" }}P{{ else if .Section }}S{{ else }}N{{ end }}', 'P'],
      ['{{ if .Site.Params.none }}yes{{ else }}no{{ end }}', 'no'],
      ['a  {{- "b" -}}  c', 'abc'],
      ['a\n{{- /* gone */ -}}\nb', 'ab'],
      ['{{/* gone */}}x', 'x'],
      ['{{-3}}', '-3'],
    ];
    for (const [source, expected] of rows) assert.equal(expand(source), expected, source);
  });

  it('writes what a value holds and never reads it as a template again', () => {
    const name = 'x{{ .Site.Title }}{{ readFile "/etc/passwd" }}';
    assert.equal(
      expand('{{ .Name }}|{{ title .Name }}', { name }),
      `${name}|X{{ .Site.Title }}{{ ReadFile "/Etc/Passwd" }}`,
    );
    assert.equal(expand('{{ printf "%s" "{{ .Name }}" }}'), '{{ .Name }}');
  });

  it('refuses what it does not interpret, naming it, and broken syntax', () => {
    const rows: [string, 'unsupported' | 'invalid', RegExp][] = [
      ['{{ readFile "/etc/passwd" }}', 'unsupported', /readFile/],
      ['{{ os.Getenv "HOME" }}', 'unsupported', /os\.Getenv/],
      ['{{ exec "id" }}', 'unsupported', /exec/],
      ['{{ $x := 1 }}', 'unsupported', /variables/],
      ['{{ x := 1 }}', 'unsupported', /assignment/],
      ['{{ range .Site.Params }}{{ end }}', 'unsupported', /range/],
      ['{{ with .Name }}{{ end }}', 'unsupported', /with/],
      ['{{ define "x" }}{{ end }}', 'unsupported', /define/],
      ['{{ template "x" }}', 'unsupported', /template/],
      ['{{ block "x" . }}{{ end }}', 'unsupported', /block/],
      ["{{ 'c' }}", 'unsupported', /character/],
      ['{{ 0x1F }}', 'unsupported', /hexadecimal/],
      ['{{ .Title }}', 'unsupported', /\.Title/],
      ['{{ .File.Filename }}', 'unsupported', /\.File\.Filename/],
      ['{{ now.Zone }}', 'unsupported', /Zone/],
      ['{{ printf "%e" 1.5 }}', 'unsupported', /%e/],
      ['{{ .Site }}', 'unsupported', /map/],
      ['{{ if .Name }}x', 'invalid', /end/],
      ['{{ end }}', 'invalid', /end/],
      ['{{ else }}', 'invalid', /else/],
      ['{{ "unterminated }}', 'invalid', /string/],
      ['{{ "bad \\q escape" }}', 'invalid', /escape/],
      ['{{ .Name', 'invalid', /closing/],
      ['{{ }}', 'invalid', /empty/],
      ['{{ (.Name }}', 'invalid', /parenthesis/],
      ['{{ .Name | }}', 'invalid', /empty/],
      ['{{ /* x */ }}', 'invalid', /unexpected/],
      ['{{ title }}', 'invalid', /title with 0 arguments/],
      ['{{ "a" "b" }}', 'invalid', /arguments to a constant/],
      ['{{ eq 1 "1" }}', 'invalid', /compares/],
      ['{{ printf "%2000d" 1 }}', 'invalid', /wide/],
      [`{{ ${'('.repeat(100)}1${')'.repeat(100)} }}`, 'invalid', /deeply/],
    ];
    for (const [source, kind, message] of rows) {
      assert.throws(
        () => expand(source),
        (error: unknown) =>
          error instanceof TemplateError && error.kind === kind && message.test(error.message),
        source,
      );
    }
  });

  it('stops text that grows past its bound instead of building it', () => {
    let bomb = '"aaaaaaaaaa"';
    for (let level = 0; level < 12; level += 1) bomb = `(replace ${bomb} "a" "aaaaaaaaaa")`;
    assert.throws(() => expand(`{{ ${bomb} }}`), /too long/);
    assert.throws(() => expand(`{{ printf "%1000s" "x" }}`.repeat(5000)), /too much text/);
  });
});
