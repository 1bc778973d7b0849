// The company's contact details, one copy for the emails, the SMS and the customer's pages
// (issue 24: the email said 0330 123 4567 and the pages 0300 123 4567). Back office changes
// them at /settings (issue 21); these are the details until then.
import type { CompanyContact } from './customer-links/customer-form.contracts';

/** 0330: the non-geographic range for businesses (0300 is kept for public bodies and charities). */
export const companyPhone = '0330 123 4567';

/** The contact details the customer's pages show when none are set (PRODUCT.md /settings). */
export const defaultCompanyContact: CompanyContact = {
  name: 'Uplink Installations',
  phone: companyPhone,
  email: 'help@uplink.local',
  hours: 'Monday to Friday, 9am to 5pm',
  address: '',
  logoUrl: null,
};
