// Sign-in bookkeeping on the users table (failure counts and locks, passwords, the signed-in
// user), for the auth module. Apart from users.service, which itself uses the auth module, so
// that auth reaches it without an import loop.
export {
  clearLoginFailuresUnlessLocked,
  lockLoginCounters,
  markSignedIn,
  setLoginCounters,
  setUserPassword,
  type LoginCounters,
} from './users.repository';
