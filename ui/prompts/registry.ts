// Which component shows each prompt. Prompts load on first use; part 2 adds share, search, deleteUser.
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { PromptName, PromptPropsMap } from '../state/prompt';

type PromptComponent<N extends PromptName> = LazyExoticComponent<ComponentType<PromptPropsMap[N]>>;

export const promptComponents: { [N in PromptName]?: PromptComponent<N> } = {
  help: lazy(() => import('./help')),
  info: lazy(() => import('./info')),
  newFile: lazy(() => import('./new-file')),
  newDir: lazy(() => import('./new-dir')),
  rename: lazy(() => import('./rename')),
  delete: lazy(() => import('./delete')),
  move: lazy(() => import('./move')),
  copy: lazy(() => import('./copy')),
  download: lazy(() => import('./download')),
  replace: lazy(() => import('./replace')),
  share: lazy(() => import('./share')),
  search: lazy(() => import('./search')),
  deleteUser: lazy(() => import('./delete-user')),
};
