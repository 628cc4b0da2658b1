import type { FileStorage } from '../../platform/storage/file-storage.js';

/**
 * After a reported drawing is taken down (`unpublishDrawingInTx`, once its transaction has committed): deletes
 * the public copies the hall served; the private originals stay with their owner.
 */
export const deletePublicDrawingCopies = async (storage: FileStorage, keys: string[]) => {
  for (const key of keys) await storage.backend.delete(key, 'public');
};
