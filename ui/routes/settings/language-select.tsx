// The language selector of the profile and user forms: the languages of docs/UI.md, each in its own words.
import { useTranslation } from 'react-i18next';
import { languages } from './languages';

export function LanguageSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="field">
      <span>{t('settings.language')}</span>
      <select className="input" value={value} onChange={(event) => onChange(event.target.value)}>
        {languages.map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
