// The top bar: sidebar toggle, logo and name, search, and the current screen's actions.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { appName } from '../config';
import { showPrompt } from '../state/prompt';
import { IconButton, LabelTooltips } from './icon-button';
import { Icon, Logo } from './icons';

export function Header({
  onToggleSidebar,
  slotRef,
}: {
  onToggleSidebar: () => void;
  slotRef: (element: HTMLDivElement | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <header className="header">
      <LabelTooltips.Provider value={true}>
        <IconButton icon="menu" label={t('header.toggleSidebar')} onClick={onToggleSidebar} />
      </LabelTooltips.Provider>
      {/* Links and buttons here are named by their visible text (docs/UI.md, Accessibility), which a
          phone keeps out of sight but not out of the name; the title says where the brand leads. */}
      <Link to="/files/" className="brand" title={t('sidebar.myFiles')}>
        <Logo size={28} />
        <span className="brand-name">{appName}</span>
      </Link>
      <button
        type="button"
        className="search-box"
        aria-keyshortcuts="Control+F Meta+F"
        onClick={() => showPrompt('search', {})}
      >
        <Icon name="search" size={20} />
        <span>{t('search.placeholder')}</span>
        {/* aria-keyshortcuts tells the shortcut: its keycap stays out of the name. */}
        <kbd aria-hidden="true">{t('prompts.help.keys.search')}</kbd>
      </button>
      <div className="header-actions" ref={slotRef} />
    </header>
  );
}
