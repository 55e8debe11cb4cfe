// The header's action area: screens portal their buttons here; on mobile they fold into the 'more' menu.
import { createContext, useContext, useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { closePrompt, promptStore, showPrompt, usePrompt } from '../state/prompt';
import { IconButton, LabelTooltips } from './icon-button';
import { useIsMobile } from './use-media';

export const HeaderSlotContext = createContext<HTMLElement | null>(null);

export interface HeaderActionsProps {
  /** Buttons that stay in the header at every width (mobile selection actions, save). */
  inline?: ReactNode;
  /** Buttons inline on wide screens, in the 'more' dropdown at 736 px or less. */
  children?: ReactNode;
}

function MoreMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const open = usePrompt()?.name === 'more';
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector('button')?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.parentElement?.contains(target)) closePrompt();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  return (
    <div className="more">
      <IconButton
        icon="more"
        label={t('header.more')}
        aria-expanded={open}
        onClick={() => (open ? closePrompt() : showPrompt('more', {}))}
      />
      {open && (
        <div
          ref={menu}
          className="more-menu"
          role="group"
          aria-label={t('header.more')}
          // An action that opened no other prompt still closes the menu.
          onClick={() => promptStore.get()?.name === 'more' && closePrompt()}
        >
          {/* The menu writes every label out: no tooltips in it. */}
          <LabelTooltips.Provider value={false}>{children}</LabelTooltips.Provider>
        </div>
      )}
    </div>
  );
}

export function HeaderActions({ inline, children }: HeaderActionsProps) {
  const target = useContext(HeaderSlotContext);
  const mobile = useIsMobile();
  if (!target) return null;
  return createPortal(
    <LabelTooltips.Provider value={true}>
      {inline}
      {mobile ? children ? <MoreMenu>{children}</MoreMenu> : null : children}
    </LabelTooltips.Provider>,
    target,
  );
}
