// The site prompts in one lazy chunk: they share the site calls, and none loads before a site is open.
export { default as newPost } from './new-post';
export { default as publish } from './publish';
export { default as schedule } from './schedule';
export { default as sitePreview } from './site-preview';
