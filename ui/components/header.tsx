// The top bar: sidebar toggle, logo and name, search, and the current screen's actions.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { appName } from '../config';
import { promptComponents } from '../prompts/registry';
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
      <Link to="/files/" className="brand" aria-label={t('sidebar.myFiles')}>
        <Logo size={28} />
        <span className="brand-name">{appName}</span>
      </Link>
      {promptComponents.search && (
        <button
          type="button"
          className="search-box"
          aria-label={t('search.placeholder')}
          onClick={() => showPrompt('search', {})}
        >
          <Icon name="search" size={20} />
          <span>{t('search.placeholder')}</span>
          <kbd>{t('prompts.help.keys.search')}</kbd>
        </button>
      )}
      <div className="header-actions" ref={slotRef} />
    </header>
  );
}
