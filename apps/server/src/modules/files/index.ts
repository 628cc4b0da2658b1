// Public entry of the files module (uploads by spec §9 class).
export { registerFilesRoutes } from './files.routes.js';
export { checkFile } from './upload.service.js';
