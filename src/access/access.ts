// The one authorisation decision: permission flags plus rules, deny by default, per actor and path.
import { AppError } from '../errors';
import type { RuleMatcher } from '../rules/rules';
import { compileRules } from '../rules/rules';
import type { Rule } from '../api/rules';
import type { Permissions, StoredUser } from '../users/user';
import { canShare, effectivePermissions } from '../users/user';

/** What an actor wants to do with a path; 'read' is seeing it (listing, info, search). */
export type Operation = 'read' | 'download' | 'create' | 'modify' | 'delete' | 'rename' | 'share';

const permissionFor: Record<Exclude<Operation, 'read'>, keyof Permissions> = {
  download: 'download',
  create: 'create',
  modify: 'modify',
  delete: 'delete',
  rename: 'rename',
  share: 'share',
};

export interface Access {
  readonly permissions: Permissions;
  /** True when any rule exists: recursive operations must then check every descendant. */
  readonly hasRules: boolean;
  /** Whether the path is visible to the actor (rules and hidden dotfiles). */
  isVisible(path: string): boolean;
  /** Rules only, without the dotfile preference (used for the descendants of recursive operations). */
  isAllowedByRules(path: string): boolean;
  can(operation: Operation, path: string): boolean;
  /** Throws fs.forbidden unless `can`. */
  check(operation: Operation, path: string): void;
  hasPermission(operation: Operation): boolean;
}

export function createAccess(
  actor: Pick<StoredUser, 'perm' | 'rules' | 'hideDotfiles'>,
  globalRules: readonly Rule[],
  caseInsensitive: boolean,
): Access {
  const permissions = effectivePermissions(actor);
  const rules: RuleMatcher = compileRules([...globalRules, ...actor.rules], caseInsensitive);
  const isDotfile = (path: string) => (path.split('/').at(-1) ?? '').startsWith('.');
  const hasPermission = (operation: Operation) => {
    if (operation === 'read') return true;
    if (operation === 'share') return canShare(permissions);
    return permissions[permissionFor[operation]];
  };
  const isVisible = (path: string) =>
    rules.allows(path) && !(actor.hideDotfiles && isDotfile(path));
  const can = (operation: Operation, path: string) => hasPermission(operation) && isVisible(path);
  return {
    permissions,
    hasRules: !rules.isEmpty,
    isVisible,
    isAllowedByRules: (path) => rules.allows(path),
    can,
    hasPermission,
    check(operation, path) {
      if (!hasPermission(operation))
        throw new AppError('fs.forbidden', `you don't have the ${operation} permission`);
      if (!isVisible(path)) throw new AppError('fs.forbidden');
    },
  };
}
