// Public entry of the files module (uploads by spec §9 class).
export { registerFilesModule } from './files.module.js';
export { checkFile } from './upload.service.js';
