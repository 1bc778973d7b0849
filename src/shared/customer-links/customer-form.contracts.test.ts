import { describe, expect, it } from 'vitest';
import { customerFormSchema } from './customer-form.contracts';

const rules = {
  workingDays: [1, 2, 3, 4, 5],
  earliestDate: '2030-01-01',
  latestDate: '2030-02-26',
};

function messages(answers: Record<string, unknown>) {
  const result = customerFormSchema(rules).safeParse(answers);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the customer form’s messages answer their questions (issue 24)', () => {
  const empty = {
    firstName: '',
    lastName: '',
    phone: '',
    email: '',
    addressLine1: '',
    addressLine2: '',
    town: '',
    postcode: '',
    propertyType: '',
    tenure: 'tenant',
    landlordPermission: false,
    listedBuilding: '',
    dishPosition: '',
    accessNotes: '',
    availability: [{ date: '7 Jan', slot: 'all_day' }],
    consentTerms: false,
    consentMessages: false,
    photoIds: [],
  };

  it('names each question as the form asks it', () => {
    expect(messages(empty)).toMatchObject({
      firstName: 'First name is required',
      phone: expect.stringMatching(/mobile number/) as unknown,
      town: 'Town or city is required',
      propertyType: 'Choose the type of property',
      landlordPermission: expect.stringMatching(/landlord has given permission/) as unknown,
      listedBuilding: expect.stringMatching(/listed building/) as unknown,
      dishPosition: 'Tell us where you would like the dish',
      'availability.0.date': 'Enter a date as dd/mm/yyyy, for example 01/12/2026',
      consentTerms: 'Please agree to the terms of installation to continue',
    });
    expect(JSON.stringify(messages(empty))).not.toMatch(/YYYY|Preferred/);
    expect(messages({ ...empty, tenure: '' }).tenure).toMatch(/own or rent/);
  });
});
