// copy: the items are copied to another folder (PATCH action=copy per item).
import type { PromptPropsMap } from '../state/prompt';
import { TransferPrompt } from './transfer-prompt';

export default function CopyPrompt({ items, folder }: PromptPropsMap['copy']) {
  return <TransferPrompt action="copy" items={items} folder={folder} />;
}
