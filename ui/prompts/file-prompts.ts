// The file prompts in one lazy chunk: they share most of their code, and one chunk loads faster than ten.
export { default as help } from './help';
export { default as info } from './info';
export { default as newFile } from './new-file';
export { default as newDir } from './new-dir';
export { default as rename } from './rename';
export { default as delete } from './delete';
export { default as move } from './move';
export { default as copy } from './copy';
export { default as download } from './download';
export { default as replace } from './replace';
