// The icon sprite's URL. scripts/build-ui.ts replaces this module in the bundle with the address of
// the content-hashed sprite it writes from icon-paths.ts; this value stands in outside a build
// (unit tests of components, which draw no icons).
export const iconSprite = 'icons.svg';
