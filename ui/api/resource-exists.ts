// Whether an item exists, for the prompts that create one (apart from resources.ts, which every
// screen loads first, as only a prompt needs it).
import type { ApiClient } from './client';
import { ApiError } from './client';
import { normalizePath } from './paths';
import { resourceUrl } from './resources';

/**
 * Whether anything answers at the path (404 says no). File Browser's API creates a folder that is
 * already there without a word (200, which its own clients rely on), so Drawer's prompts ask first.
 * A folder is asked for one item of its paged form, so a big one is not listed whole.
 */
export async function resourceExists(api: ApiClient, virtualPath: string): Promise<boolean> {
  try {
    await api.call('GET', resourceUrl(normalizePath(virtualPath)), {
      query: { offset: 0, limit: 1 },
    });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}
