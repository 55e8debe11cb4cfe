// move: the items go to another folder (PATCH action=rename per item).
import type { PromptPropsMap } from '../state/prompt';
import { TransferPrompt } from './transfer-prompt';

export default function MovePrompt({ items, folder }: PromptPropsMap['move']) {
  return <TransferPrompt action="rename" items={items} folder={folder} />;
}
