// info: name, size, last modified (relative and exact), folder counts and total size, and the checksums
// of one file on demand, each with a copy button (docs/UI.md, Screens).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChecksumAlgorithm } from '../../src/api/resources';
import { checksumAlgorithms } from '../../src/api/resources';
import { fetchChecksum, folderSizeQuery } from '../api/resource-details';
import { resourceQuery } from '../api/resources';
import type { ResourceItem } from '../api/resources';
import { useApi } from '../api/use-api';
import { describeError } from '../components/describe-error';
import { formatDate, formatRelative, formatSize } from '../components/format';
import { IconButton, Spinner } from '../components/icon-button';
import type { PromptPropsMap } from '../state/prompt';
import { closePrompt } from '../state/prompt';
import { showError, showSuccess } from '../state/toasts';
import { copyText } from './share-clipboard';
import { PromptFrame } from './prompt-frame';

function Checksum({ item, algorithm }: { item: ResourceItem; algorithm: ChecksumAlgorithm }) {
  const { t } = useTranslation();
  const api = useApi();
  const [state, setState] = useState<{ value?: string; error?: string; loading?: boolean }>({});
  const label = algorithm.toUpperCase();
  const show = () => {
    setState({ loading: true });
    fetchChecksum(api, item.path, algorithm).then(
      (value) => setState({ value }),
      (error: unknown) => setState({ error: describeError(error) }),
    );
  };
  const copy = (value: string) =>
    copyText(value).then(
      () => showSuccess(t('toasts.copied')),
      () => showError(t('prompts.info.copyFailed')),
    );
  return (
    <div className="info-row">
      <dt>{t('prompts.info.checksum', { algorithm: label })}</dt>
      <dd>
        {state.value ? (
          <span className="checksum-value">
            <code className="checksum" data-algorithm={algorithm}>
              {state.value}
            </code>
            <IconButton
              icon="copy"
              label={t('prompts.info.copyChecksum', { algorithm: label })}
              onClick={() => copy(state.value ?? '')}
            />
          </span>
        ) : state.loading ? (
          <Spinner />
        ) : (
          <>
            {state.error && <span className="info-error">{state.error}</span>}
            <button type="button" className="link-button" onClick={show}>
              {t('prompts.info.showChecksum', { algorithm: label })}
            </button>
          </>
        )}
      </dd>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="info-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Everything below a folder, added up by the server; the walk stops if the prompt closes first. */
function FolderTotal({ path }: { path: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const total = useQuery(folderSizeQuery(api, path));
  return (
    <Row label={t('prompts.info.totalSize')}>
      {total.data ? (
        <span className="folder-total">{formatSize(total.data.size)}</span>
      ) : total.error ? (
        <span className="info-error">{describeError(total.error)}</span>
      ) : (
        <Spinner />
      )}
    </Row>
  );
}

function ItemInfo({
  item,
  counts,
}: {
  item: ResourceItem;
  counts?: { numDirs?: number; numFiles?: number };
}) {
  const { t } = useTranslation();
  const api = useApi();
  // A selected folder's counts need its own listing; the shown folder already has them.
  const folder = useQuery({ ...resourceQuery(api, item.path), enabled: item.isDir && !counts });
  const numbers = counts ?? folder.data;
  return (
    <dl className="info">
      <Row label={t('prompts.info.displayName')}>{item.name || t('files.home')}</Row>
      {!item.isDir && <Row label={t('prompts.info.size')}>{formatSize(item.size)}</Row>}
      <Row label={t('prompts.info.lastModified')}>
        <time dateTime={item.modified}>
          {formatRelative(item.modified)}
          <span className="info-exact">{formatDate(item.modified)}</span>
        </time>
      </Row>
      {item.isDir && <FolderTotal path={item.path} />}
      {item.isDir && numbers && (
        <>
          <Row label={t('prompts.info.numberFiles')}>{numbers.numFiles ?? 0}</Row>
          <Row label={t('prompts.info.numberDirs')}>{numbers.numDirs ?? 0}</Row>
        </>
      )}
      {!item.isDir &&
        checksumAlgorithms.map((algorithm) => (
          <Checksum key={algorithm} item={item} algorithm={algorithm} />
        ))}
    </dl>
  );
}

export default function InfoPrompt({ items, folder }: PromptPropsMap['info']) {
  const { t } = useTranslation();
  const [only] = items;
  let body;
  if (items.length === 0 && folder) body = <ItemInfo item={folder} counts={folder} />;
  else if (items.length === 1 && only) body = <ItemInfo item={only} />;
  else
    body = (
      <dl className="info">
        <Row label={t('prompts.info.selected', { count: items.length })}>{''}</Row>
        <Row label={t('prompts.info.totalSize')}>
          {formatSize(
            items.filter((item) => !item.isDir).reduce((sum, item) => sum + item.size, 0),
          )}
        </Row>
      </dl>
    );
  return (
    <PromptFrame
      title={t('prompts.info.title')}
      onSubmit={closePrompt}
      className="prompt-wide"
      actions={
        <button type="submit" className="button button-primary">
          {t('buttons.ok')}
        </button>
      }
    >
      {body}
    </PromptFrame>
  );
}
