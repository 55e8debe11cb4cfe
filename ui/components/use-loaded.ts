// Code that a screen needs only after something happens (a first notification, a first selection)
// loads then, and shows as soon as it is there: React's Suspense would hold it back for its reveal
// throttle, a timer, which also never fires while a test holds the page's clock.
import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { notifyError } from './notify-error';

/** The component `load` gives once `needed` has been true, or null until it has arrived. */
export function useLoaded<P>(
  load: () => Promise<ComponentType<P>>,
  needed: boolean,
): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (!needed || component) return;
    let current = true;
    load().then((arrived) => current && setComponent(() => arrived), notifyError);
    return () => {
      current = false;
    };
  }, [load, needed, component]);
  return component;
}
