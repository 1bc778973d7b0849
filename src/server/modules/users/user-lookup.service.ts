// Finding users, for other modules (auth, orders). Apart from users.service, which itself uses
// the auth module, so that auth can find users without an import loop.
export { findUserByEmail, findUserById, findUserByPhone } from './users.repository';
export { toCurrentUser } from './current-user';
