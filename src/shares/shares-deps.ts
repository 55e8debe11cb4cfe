// What the share modules need of the server: its ports, not the whole context. The routes pass
// the context, which has them all; tests and other callers may pass just these.
import type { GuessThrottle } from '../auth/login-throttle';
import type { HookDeps } from '../commands/hooks';
import type { ServerConfig } from '../config';
import type { FsSettings, ScopedFs } from '../fs/scoped-fs';
import type { SettingsStore } from '../settings/settings-store';
import type { StoredUser } from '../users/user';
import type { UsersStore } from '../users/users-store';
import type { FileRequestLedger } from './file-request-ledger';
import type { ShareTally } from './share-tally';
import type { ShareTokenService } from './share-tokens';
import type { SharesStore } from './shares-store';

export interface SharesDeps extends HookDeps {
  config: HookDeps['config'] & Pick<ServerConfig, 'shareGraceMs'>;
  now: () => number;
  users: Pick<UsersStore, 'get'>;
  settings: HookDeps['settings'] & Pick<SettingsStore, 'get'>;
  shares: SharesStore;
  /** Counters of links without a limit, written in batches. */
  shareTally: ShareTally;
  /** Tokens of password-protected shares and the visits of file requests. */
  shareTokens: ShareTokenService;
  /** Wrong share passwords, counted per (share, address) and per address. */
  shareThrottle: GuessThrottle;
  /** File requests: bytes held by unfinished uploads, and what each visit has put in place. */
  fileRequests: FileRequestLedger;
  fs: Pick<FsSettings, 'caseInsensitive'>;
  /** Opens an actor's view; its handles close when `until` aborts. */
  scopedFs(actor: StoredUser, until?: AbortSignal): Promise<ScopedFs>;
}
