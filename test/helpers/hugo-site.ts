// Hugo sites for the site tests: made by the real `hugo new site`, with layouts, and `hugo new` for comparison.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeTree } from './fixtures';

/** Debian's hugo package (hugo v0.111.3 here); tests that need it skip, saying so, without it. */
export const hugoMissing: string | false =
  spawnSync('hugo', ['version'], { encoding: 'utf8' }).status === 0
    ? false
    : 'hugo is not installed (apt-get install hugo)';

/** The second archetype: TOML front matter and the functions archetypes commonly use. */
export const notesArchetype = `+++
title = '{{ .File.ContentBaseName | humanize }}'
slug = '{{ .Name | urlize }}'
heading = "{{ replace .Name "-" " " | title | upper }}"
date = {{ .Date }}
section = "{{ .Section }}/{{ .Type }}"
year = "{{ now.Format "2006" }}"
summary = '{{ printf "%s in %q" .Name .Site.Title }}'
author = "{{ default "anonymous" .Site.Params.author }}"
{{- /* a comment, trimmed with the newline before it */}}
draft = true
+++
{{ if eq .Section "notes" }}A note.{{ else }}Not a note.{{ end }}
`;

/** Layouts so that a build writes public/<section>/<slug>/index.html (a bare site renders nothing). */
const layouts = {
  'layouts/_default/single.html': '<html><body><h1>{{ .Title }}</h1>{{ .Content }}</body></html>\n',
  'layouts/_default/list.html':
    '<html><body>{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</body></html>\n',
};

/** `hugo new site <folder>` (YAML default archetype, TOML config), plus layouts and a notes archetype. */
export function makeHugoSite(folder: string): void {
  const made = spawnSync('hugo', ['new', 'site', folder], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`hugo new site failed: ${made.stderr}`);
  writeTree(folder, { ...layouts, 'archetypes/notes.md': notesArchetype });
  fs.mkdirSync(path.join(folder, 'content', 'posts'), { recursive: true });
}

/**
 * What `hugo new` itself writes for `relative` (inside content/) with an optional kind, made in a
 * copy of the site so the tested one is not touched.
 */
export function hugoNew(site: string, relative: string, kind?: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-hugo-'));
  try {
    fs.cpSync(site, copy, { recursive: true });
    fs.rmSync(path.join(copy, 'content'), { recursive: true, force: true });
    fs.mkdirSync(path.join(copy, 'content'));
    const made = spawnSync('hugo', ['new', ...(kind ? ['--kind', kind] : []), relative], {
      cwd: copy,
      encoding: 'utf8',
    });
    if (made.status !== 0) throw new Error(`hugo new ${relative} failed: ${made.stderr}`);
    return fs.readFileSync(path.join(copy, 'content', relative), 'utf8');
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

/** A post's text with its dates (they differ by the second between two runs) blanked. */
export function withoutDates(text: string): string {
  return text.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})/g, '<date>');
}
