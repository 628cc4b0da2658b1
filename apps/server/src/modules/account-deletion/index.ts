// Public entry of the account deletion module (注销: losses, proof, cooling-off, the anonymisation sweep).
export { accountDeletionModule, type AccountDeletionModule } from './account-deletion.module.js';
