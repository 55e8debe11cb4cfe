// The rules editor (docs/UI.md, Data): allow or deny, a path relative to the scope or a regular expression.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rule } from '../../../src/api/rules';
import { IconButton } from '../../components/icon-button';
import { newRule, ruleText, withRuleKind, withRuleText } from './rule-draft';

export function RulesEditor({
  rules,
  onChange,
  description,
}: {
  rules: Rule[];
  onChange: (rules: Rule[]) => void;
  description: string;
}) {
  const { t } = useTranslation();
  // A rule just added gets the focus, so its path can be typed at once.
  const focusIndex = useRef<number | null>(null);
  const change = (index: number, rule: Rule) =>
    onChange(rules.map((current, at) => (at === index ? rule : current)));
  return (
    <fieldset className="settings-group rules">
      <legend>{t('settings.rules.title')}</legend>
      <p className="settings-help">{description}</p>
      {rules.length === 0 && <p className="rules-empty">{t('settings.rules.empty')}</p>}
      {rules.map((rule, index) => (
        <div key={index} className="rule-row">
          <select
            className="input"
            aria-label={t('settings.rules.effect', { number: index + 1 })}
            value={rule.allow ? 'allow' : 'deny'}
            onChange={(event) => change(index, { ...rule, allow: event.target.value === 'allow' })}
          >
            <option value="allow">{t('settings.rules.allow')}</option>
            <option value="deny">{t('settings.rules.deny')}</option>
          </select>
          <select
            className="input"
            aria-label={t('settings.rules.kind', { number: index + 1 })}
            value={rule.regex ? 'regex' : 'path'}
            onChange={(event) => change(index, withRuleKind(rule, event.target.value === 'regex'))}
          >
            <option value="path">{t('settings.rules.path')}</option>
            <option value="regex">{t('settings.rules.regex')}</option>
          </select>
          <input
            className={`input${rule.regex ? ' input-mono' : ''}`}
            aria-label={t('settings.rules.value', { number: index + 1 })}
            placeholder={
              rule.regex
                ? t('settings.rules.regexPlaceholder')
                : t('settings.rules.pathPlaceholder')
            }
            autoCapitalize="off"
            spellCheck={false}
            ref={(element) => {
              if (element && focusIndex.current === index) {
                focusIndex.current = null;
                element.focus();
              }
            }}
            value={ruleText(rule)}
            onChange={(event) => change(index, withRuleText(rule, event.target.value))}
          />
          <IconButton
            icon="delete"
            label={t('settings.rules.remove', { number: index + 1 })}
            onClick={() => onChange(rules.filter((_, at) => at !== index))}
          />
        </div>
      ))}
      <div>
        <button type="button" className="button" onClick={() => onChange([...rules, newRule()])}>
          {t('settings.rules.add')}
        </button>
      </div>
    </fieldset>
  );
}
