// Types for what esbuild bundles besides TypeScript: CSS files are imported for their side effect.
declare module '*.css';
/** The URL of the icon sprite scripts/build-ui.ts writes from ui/components/icon-paths.ts. */
declare module 'drawer:icon-sprite' {
  const href: string;
  export default href;
}
