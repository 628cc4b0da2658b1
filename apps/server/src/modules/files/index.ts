// Public entry of the files module (uploads by spec §9 class).
export { filesModule, type FilesModule } from './files.module.js';
export { checkFile } from './upload.service.js';
export { measuredSeconds } from './media-probe.js';
