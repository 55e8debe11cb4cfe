// Icons drawn from one SVG sprite (ui/components/icon-paths.ts): no icon font, and no path data in the
// first screen's JavaScript. The build writes the sprite and preloads it with the page.
import type { SVGProps } from 'react';
import { iconSprite } from './icon-sprite';
import type { IconName } from './icon-paths';

export type { IconName };

export function Icon({
  name,
  size = 24,
  ...rest
}: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className="icon"
      {...rest}
    >
      <use href={`${iconSprite}#${name}`} fill="currentColor" />
    </svg>
  );
}

/** The Drawer mark: a cabinet with two drawers. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" className="logo">
      <rect x="4" y="3" width="24" height="26" rx="5" fill="var(--accent)" />
      <rect x="8" y="7" width="16" height="8" rx="2" fill="var(--accent-contrast)" opacity=".92" />
      <rect x="8" y="17" width="16" height="8" rx="2" fill="var(--accent-contrast)" opacity=".7" />
      <rect x="13" y="10" width="6" height="2" rx="1" fill="var(--accent)" />
      <rect x="13" y="20" width="6" height="2" rx="1" fill="var(--accent)" />
    </svg>
  );
}
