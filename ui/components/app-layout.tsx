// The logged-in layout: progress bar, header, sidebar, the screen, prompts, transfers, and the global keys.
import { Outlet, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { closePrompt, isModal, promptStore, showPrompt, usePrompt } from '../state/prompt';
import { resetSelection } from '../state/selection';
import { useSession } from '../state/session';
import { config } from '../config';
import { Header } from './header';
import { layoutPanels } from './extension-points';
import './site-extension';
import { HeaderSlotContext } from './header-actions';
import { ProgressBar } from './progress-bar';
import { Sidebar } from './sidebar';
import { TransferSlot } from './transfer-slot';
import { useLoaded } from './use-loaded';
import { useIsMobile } from './use-media';

// The shell plugs in only where the server runs commands at all; elsewhere its code never loads.
if (config.EnableExec) await import('./shell-extension');

// The prompts' host and their registry load with the first prompt: the first screen opens none.
const loadPromptHost = () => import('./prompt-host').then((module) => module.PromptHost);

const collapsedKey = 'drawer.sidebarCollapsed';

/** F1 help, Esc closes the prompt, Ctrl/Cmd+F search (docs/UI.md, Figures); screens handle their own keys. */
function useGlobalKeys(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F1') {
        event.preventDefault();
        showPrompt('help', {});
      } else if (event.key === 'Escape' && promptStore.get()) {
        // Handled: the same Esc does not also clear the selection (use-file-keys.ts).
        event.preventDefault();
        closePrompt();
      } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        showPrompt('search', {});
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The screen is the route's; the error pages, which anyone may reach, pass theirs as `children`. */
export default function AppLayout({ children }: { children?: ReactNode }) {
  const router = useRouter();
  const mobile = useIsMobile();
  const prompt = usePrompt();
  const session = useSession();
  const PromptHost = useLoaded(loadPromptHost, prompt !== null);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(collapsedKey) === '1');
  useGlobalKeys();

  // A route change closes the open prompt and clears the selection (docs/UI.md, Behaviour) as it
  // starts: the screen left may stay mounted, hidden, behind the next one's pending view.
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', (event) => {
        if (!event.pathChanged) return;
        closePrompt();
        resetSelection();
      }),
    [router],
  );

  const toggleSidebar = () => {
    if (mobile) {
      if (prompt?.name === 'sidebar') closePrompt();
      else showPrompt('sidebar', {});
      return;
    }
    setCollapsed((value) => {
      localStorage.setItem(collapsedKey, value ? '0' : '1');
      return !value;
    });
  };
  const sidebarOpen = mobile ? prompt?.name === 'sidebar' : !collapsed;

  return (
    <HeaderSlotContext.Provider value={slot}>
      <div className={`app${sidebarOpen ? ' sidebar-open' : ''}`}>
        {/* Behind a dialog the page can be neither reached nor read (docs/UI.md, Accessibility). */}
        <div className="app-page" inert={isModal(prompt?.name)}>
          <ProgressBar />
          <Header onToggleSidebar={toggleSidebar} slotRef={setSlot} />
          <Sidebar open={sidebarOpen} />
          <main id="main" className="main">
            {/* Logging out (or a refused token) ends the session before the route changes: the
                screens read the user, so they go first instead of rendering once more without one. */}
            {session && (children ?? <Outlet />)}
          </main>
          <TransferSlot />
          {layoutPanels.map((Panel, index) => (
            <Panel key={index} />
          ))}
        </div>
        {PromptHost && <PromptHost />}
      </div>
    </HeaderSlotContext.Provider>
  );
}
