// The search panel's type boxes: each fills the input with its 'type:…' filter (docs/UI.md, Screens).
import { useTranslation } from 'react-i18next';
import { searchTypes } from '../api/search';
import type { SearchType } from '../api/search';
import type { IconName } from '../components/icons';
import { Icon } from '../components/icons';

const boxes = {
  image: { icon: 'image', label: 'search.types.image' },
  audio: { icon: 'audio', label: 'search.types.audio' },
  video: { icon: 'video', label: 'search.types.video' },
  pdf: { icon: 'file', label: 'search.types.pdf' },
} as const satisfies Record<SearchType, { icon: IconName; label: string }>;

export function SearchTypes({ onChoose }: { onChoose: (type: SearchType) => void }) {
  const { t } = useTranslation();
  return (
    <div className="search-types" role="group" aria-label={t('search.typesLabel')}>
      {searchTypes.map((type) => (
        <button
          key={type}
          type="button"
          className={`search-type search-type-${type}`}
          onClick={() => onChoose(type)}
        >
          <Icon name={boxes[type].icon} size={28} />
          <span>{t(boxes[type].label)}</span>
        </button>
      ))}
    </div>
  );
}
