// One due publication, run as the user who scheduled it, after checking they still may.
import type { Context } from '../context';
import type { ScopedFs } from '../fs/scoped-fs';
import { canonicalise } from '../fs/virtual-path';
import type { SiteSchedule } from './site-schedules-store';
import { postOf, publishNow } from './site-publish';

/**
 * Publishes a due post as its scheduler, if that user still exists and may still modify it: the
 * check runs now, through a view of their scope as it is now (a permission taken away or a rule
 * added since the schedule was made stops it). If their scope changed so that the path names
 * another file than the one scheduled, nothing is published. The date written is the scheduled
 * time, also when Drawer was down then and publishes later.
 */
export async function runScheduledPublication(ctx: Context, schedule: SiteSchedule): Promise<void> {
  const user = ctx.users.get(schedule.userId);
  if (!user) {
    ctx.log.warn({ post: schedule.serverPath }, 'scheduled publication dropped: its user is gone');
    return;
  }
  let view: ScopedFs | undefined;
  try {
    view = await ctx.scopedFs(user);
    const path = canonicalise(schedule.path).path;
    const post = await postOf(ctx, view, path, 'modify');
    if (post.serverPath !== schedule.serverPath) {
      ctx.log.warn(
        { post: schedule.serverPath },
        'scheduled publication dropped: the path now names another file',
      );
      return;
    }
    const { build } = await publishNow(ctx, view, path, schedule.at);
    ctx.log.info(
      { post: schedule.serverPath, user: user.username, built: build.ran, ok: build.ok },
      'scheduled post published',
    );
  } catch (error) {
    ctx.log.warn(
      { post: schedule.serverPath, user: user.username, err: error },
      'scheduled publication dropped: the post cannot be published by its user',
    );
  } finally {
    view?.close();
  }
}
