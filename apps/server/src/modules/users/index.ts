// Public entry of the users module (profile, password, phone, blocks, account deletion).
export { usersModule } from './users.module.js';
export { blockedAuthorIds } from './user-block.repository.js';
export { createUserOperatorService } from './operator.service.js';
export { createUsersRepositories, type UsersRepositories } from './users.repository.js';
