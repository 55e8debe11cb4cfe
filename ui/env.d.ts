// Types for what esbuild bundles besides TypeScript: CSS files are imported for their side effect.
declare module '*.css';
