// A site's posts: creating one from an archetype, its publication state, publishing it now or at a
// time, and cancelling that (the /api/site/posts and /api/site/publish calls).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, encodePath } from './client';
import type { ApiClient } from './client';
import { invalidateSites } from './invalidation';
import { normalizePath } from './paths';
import { queryKeys } from './query-keys';
import type { Site } from './site';
import { useApi } from './use-api';

export interface PublishStatus {
  draft: boolean;
  date: string | null;
  scheduledAt: string | null;
  /** The built page of the post (public/<section>/<slug>/index.html) once the site has been built. */
  builtPage: string | null;
}

export interface BuildReport {
  /** false when no build ran: the server runs no commands, or it refused to build this site. */
  ran: boolean;
  /** null when no build was tried (the server runs no commands): only the front matter changed. */
  ok: boolean | null;
  output: string;
}

/** What asking to publish did: published now (and built or not), or recorded for a later time. */
export type PublishOutcome =
  { kind: 'published'; build: BuildReport } | { kind: 'scheduled'; scheduledAt: string };

export interface NewPost {
  name: string;
  archetype?: string;
  section?: string;
}

/** A Markdown file inside the site's content folder: the files publishing applies to. */
export function isPostPath(site: Site, path: string): boolean {
  return path.startsWith(`${site.contentDir}/`) && /\.(md|markdown)$/i.test(path);
}

/**
 * The section a new post starts in: the one of the content folder shown ('/blog/content/posts/2024'
 * → 'posts'), none at the content folder itself; elsewhere in the site `posts`, where Hugo's own
 * quick start writes posts, when the site has it, else its first section.
 */
export function sectionOf(site: Site, folder: string): string {
  if (folder.startsWith(`${site.contentDir}/`))
    return folder.slice(site.contentDir.length + 1).split('/')[0] ?? '';
  if (folder === site.contentDir) return '';
  return site.sections.includes('posts') ? 'posts' : (site.sections[0] ?? '');
}

export type PostState = 'draft' | 'scheduled' | 'published';

/** The editor's badge: a schedule wins over the draft mark it will lift. */
export function postStateOf(status: PublishStatus): PostState {
  if (status.scheduledAt) return 'scheduled';
  return status.draft ? 'draft' : 'published';
}

function publishUrl(path: string): string {
  return `api/site/publish${encodePath(normalizePath(path))}`;
}

/** The post's state, or null when the file is no post of a site (404). */
export function publishStatusQuery(api: ApiClient, path: string) {
  return queryOptions({
    queryKey: queryKeys.publishStatus(path),
    queryFn: ({ signal }) =>
      api.json<PublishStatus>('GET', publishUrl(path), { signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  });
}

/** Creates the post under the site's content folder and answers its path. */
async function createPost(api: ApiClient, siteRoot: string, post: NewPost): Promise<string> {
  const url = `api/site/posts${encodePath(normalizePath(siteRoot))}`;
  return (await api.json<{ path: string }>('POST', url, { json: post })).path;
}

/** Without `at` publishes now; with a future `at` (RFC 3339) schedules it. */
async function publishPost(api: ApiClient, path: string, at?: string): Promise<PublishOutcome> {
  const response = await api.call('POST', publishUrl(path), { json: at ? { at } : {} });
  if (response.status === 202) {
    const { scheduledAt } = (await response.json()) as { scheduledAt: string };
    return { kind: 'scheduled', scheduledAt };
  }
  const { build } = (await response.json()) as { build: BuildReport };
  return { kind: 'published', build };
}

async function cancelSchedule(api: ApiClient, path: string): Promise<void> {
  await api.call('DELETE', publishUrl(path));
}

/** A new post from an archetype under `siteRoot`; resolves to its path. */
export function useCreatePost() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ siteRoot, post }: { siteRoot: string; post: NewPost }) =>
      createPost(api, siteRoot, post),
    onSuccess: () => invalidateSites(queryClient),
  });
}

/** Publishes now, or at `at` (a schedule); the front matter and the site's state change. */
export function usePublishPost() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, at }: { path: string; at?: string }) => publishPost(api, path, at),
    onSuccess: () => invalidateSites(queryClient),
  });
}

export function useCancelSchedule() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (path: string) => cancelSchedule(api, path),
    onSuccess: () => invalidateSites(queryClient),
  });
}
