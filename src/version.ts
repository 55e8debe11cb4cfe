// The version and commit, stamped into the bundle by the build; "dev" when run from source.

declare const __DRAWER_VERSION__: string | undefined;
declare const __DRAWER_COMMIT__: string | undefined;

export const version: string = typeof __DRAWER_VERSION__ === 'string' ? __DRAWER_VERSION__ : 'dev';
export const commit: string = typeof __DRAWER_COMMIT__ === 'string' ? __DRAWER_COMMIT__ : 'unknown';
/** The build stamps the bundle, so this tells the bundle (and the executable) from tsx's source. */
export const isBundled: boolean = typeof __DRAWER_VERSION__ === 'string';
