import type { Role } from '@shared/roles';

const roleLabels: Record<Role, string> = {
  back_office: 'Back Office Staff',
  contractor: 'Contractor',
  engineer: 'Field Engineer',
  customer: 'Customer',
};

export function twoFactorEmail(code: string) {
  return {
    subject: 'Your Uplink verification code',
    body:
      `Your Uplink verification code is ${code}\n\n` +
      'It expires in 10 minutes and works once. If you did not just try to sign in to Uplink, ' +
      'someone may know your password: please change it.\n',
  };
}

export function smsLoginText(code: string) {
  return `Your Uplink sign-in code is ${code}. It expires in 5 minutes. Do not share it.`;
}

export function invitationEmail(input: {
  firstName: string;
  role: Role;
  companyName: string | null;
  link: string;
  invitedBy: string | null;
}) {
  const who = input.invitedBy ? `${input.invitedBy} has invited you` : 'You have been invited';
  const as = `${roleLabels[input.role]}${input.companyName ? ` (${input.companyName})` : ''}`;
  return {
    subject: 'Your Uplink account is ready: set your password',
    body:
      `Hello ${input.firstName || 'there'},\n\n` +
      `${who} to Uplink as ${as}.\n\n` +
      `Choose your password here (the link works once, for 7 days):\n${input.link}\n\n` +
      'If you were not expecting this, you can ignore this email.\n',
  };
}

export function passwordResetEmail(input: { firstName: string; link: string }) {
  return {
    subject: 'Reset your Uplink password',
    body:
      `Hello ${input.firstName || 'there'},\n\n` +
      `Someone asked to reset the password of your Uplink account. Choose a new one here ` +
      `(the link works once, for 1 hour):\n${input.link}\n\n` +
      'If it was not you, ignore this email: your password stays as it is.\n',
  };
}
