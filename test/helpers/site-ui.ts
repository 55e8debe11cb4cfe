// The Hugo site the site browser tests share, and how they reach its parts on the page.
import path from 'node:path';
import type { UiPage } from './browser';
import { writeTree } from './fixtures';
import { makeHugoSite } from './hugo-site';

const postsArchetype = `+++
title = '{{ .File.ContentBaseName | humanize }}'
date = {{ .Date }}
draft = true
kind = '{{ .Type | upper }}'
+++
`;
export const firstLight = '---\ntitle: "First Light"\ndraft: true\n---\n\nThe sky over the NAS.\n';

/** The helper's site at /blog with a `posts` archetype and two drafts; /notes holds no site. */
export function makeSite(root: string): void {
  const blog = path.join(root, 'blog');
  makeHugoSite(blog);
  writeTree(blog, {
    'archetypes/posts.md': postsArchetype,
    'content/posts/first-light.md': firstLight,
    'content/posts/later.md': firstLight,
  });
  writeTree(root, { 'notes/todo.md': '# To do\n' });
}

export const header = (tab: UiPage) => tab.page.locator('header');
export const sidebar = (tab: UiPage) => tab.page.getByRole('navigation', { name: 'Main menu' });
export const dialog = (tab: UiPage) => tab.page.getByRole('dialog');
export const editorText = (tab: UiPage) => tab.page.locator('.cm-content').innerText();
export const badge = (tab: UiPage) => tab.page.locator('.post-badge');

export async function openPost(tab: UiPage, post: string): Promise<void> {
  await tab.open(`/files/blog/content/posts/${post}`);
  // On a phone a Markdown file shows its rendered view in place of the (hidden) editor.
  await tab.page.locator('.cm-editor').waitFor({ state: 'attached' });
}
