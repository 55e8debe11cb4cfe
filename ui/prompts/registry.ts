// Which component shows each prompt. Prompts load on first use; part 2 adds share, search, deleteUser.
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { PromptName, PromptPropsMap } from '../state/prompt';

type PromptComponent<N extends PromptName> = LazyExoticComponent<ComponentType<PromptPropsMap[N]>>;

const filePrompts = () => import('./file-prompts');
function fromFilePrompts<K extends keyof Awaited<ReturnType<typeof filePrompts>>>(name: K) {
  return lazy(async () => ({ default: (await filePrompts())[name] }));
}

export const promptComponents: { [N in PromptName]?: PromptComponent<N> } = {
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
};
