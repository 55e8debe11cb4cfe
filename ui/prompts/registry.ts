// Which component shows each prompt. Prompts load on first use: the file prompts and the site prompts
// each in one chunk, the others alone.
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { PromptName, PromptPropsMap } from '../state/prompt';

type PromptComponent<N extends PromptName> = LazyExoticComponent<ComponentType<PromptPropsMap[N]>>;

const filePrompts = () => import('./file-prompts');
function fromFilePrompts<K extends keyof Awaited<ReturnType<typeof filePrompts>>>(name: K) {
  return lazy(async () => ({ default: (await filePrompts())[name] }));
}

const sitePrompts = () => import('./site-prompts');
function fromSitePrompts<K extends keyof Awaited<ReturnType<typeof sitePrompts>>>(name: K) {
  return lazy(async () => ({ default: (await sitePrompts())[name] }));
}

export const promptComponents: { [N in PromptName]?: PromptComponent<N> } = {
  sidebar: lazy(() => import('./sidebar-focus')),
  help: fromFilePrompts('help'),
  info: fromFilePrompts('info'),
  newFile: fromFilePrompts('newFile'),
  newDir: fromFilePrompts('newDir'),
  rename: fromFilePrompts('rename'),
  delete: fromFilePrompts('delete'),
  move: fromFilePrompts('move'),
  copy: fromFilePrompts('copy'),
  download: fromFilePrompts('download'),
  replace: fromFilePrompts('replace'),
  share: lazy(() => import('./share')),
  shareEdit: lazy(() => import('./share-edit')),
  search: lazy(() => import('./search')),
  deleteUser: lazy(() => import('./delete-user')),
  unsaved: lazy(() => import('./unsaved')),
  newPost: fromSitePrompts('newPost'),
  publish: fromSitePrompts('publish'),
  schedule: fromSitePrompts('schedule'),
  sitePreview: fromSitePrompts('sitePreview'),
};
