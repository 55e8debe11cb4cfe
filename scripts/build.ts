// npm run build: the server bundle (build/drawer.cjs) and the UI (build/ui/).
import { buildServer } from './build-server';
import { buildUi } from './build-ui';

const started = Date.now();
await Promise.all([buildServer(), buildUi()]);
console.log(`built build/drawer.cjs and build/ui/ in ${Date.now() - started} ms`);
