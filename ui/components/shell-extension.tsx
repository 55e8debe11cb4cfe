// Plugs the shell into the layout: the panel (loaded on first open) and its toggle in the files header.
// Both exist only when the server runs commands at all and the user has the execute permission.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../config';
import { useSession } from '../state/session';
import { toggleShell, useShellOpen } from '../state/shell';
import { fileActions, layoutPanels } from './extension-points';
import { IconButton } from './icon-button';

const ShellPanel = lazy(() => import('./shell-panel'));

function useShellAllowed(): boolean {
  const perm = useSession()?.user.perm;
  return config.EnableExec && Boolean(perm && (perm.admin || perm.execute));
}

function ShellSlot() {
  const allowed = useShellAllowed();
  const open = useShellOpen();
  if (!allowed || !open) return null;
  return (
    <Suspense fallback={null}>
      <ShellPanel />
    </Suspense>
  );
}

function ShellToggle() {
  const { t } = useTranslation();
  const allowed = useShellAllowed();
  const open = useShellOpen();
  if (!allowed) return null;
  return (
    <IconButton
      icon="terminal"
      label={t('shell.toggle')}
      aria-pressed={open}
      className={open ? 'active' : undefined}
      onClick={toggleShell}
    />
  );
}

layoutPanels.push(ShellSlot);
fileActions.push(ShellToggle);
