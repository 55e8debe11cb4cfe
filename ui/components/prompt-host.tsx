// Shows the open prompt over a dimming overlay; the overlay, Esc and Cancel close it (docs/UI.md, Behaviour).
import { Suspense } from 'react';
import type { ComponentType } from 'react';
import { promptComponents } from '../prompts/registry';
import { closePrompt, hasOverlay, usePrompt } from '../state/prompt';

export function PromptHost() {
  const prompt = usePrompt();
  const Component = prompt
    ? (promptComponents[prompt.name] as ComponentType<object> | undefined)
    : undefined;
  return (
    <>
      {hasOverlay(prompt?.name) && (
        <div className="overlay" onClick={closePrompt} aria-hidden="true" />
      )}
      {prompt && Component && (
        <Suspense fallback={null}>
          <Component key={prompt.name} {...prompt.props} />
        </Suspense>
      )}
    </>
  );
}
