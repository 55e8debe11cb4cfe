// The public share page's loader: the share's answer is asked for beside the page's code, not after
// it (docs/UI.md, Data flow). A password to ask for, a link that has ended and an unknown link are
// answers the page shows (share.$.lazy.tsx), not failures of the route, so the loader only fills the
// cache and never throws.
import { publicShareQuery } from '../../api/shares';
import type { RouterContext } from '../root';
import { shareAddressOf } from './share-address';

export async function loadShare(
  { queryClient, api }: RouterContext,
  splat: string | undefined,
): Promise<void> {
  const { hash, sub } = shareAddressOf(splat);
  if (hash !== '') await queryClient.prefetchQuery(publicShareQuery(api, hash, sub));
}
