// Finding users, for other modules (auth, orders, dispatch, contractors). Apart from
// users.service, which itself uses the auth module, so that auth can find users without an
// import loop.
export {
  findActivePeople,
  listBackOfficePeople,
  listContractorPeople,
  type PersonRef,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  findUserNames,
  isEngineer,
  listBackOfficeEmails,
  listCompanyEngineers,
  listEngineerRowsOfCompany,
  lockCompanyEngineer,
  type CompanyEngineer,
} from './users.repository';
export type { UserRow } from './users.schema';
export { toCurrentUser } from './current-user';
