import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@shared/auth/auth.contracts';
import { userMessages } from '@shared/users/users.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import { InviteEngineerDialog } from './invite-engineer-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('invite an engineer of a contractor', () => {
  it('gives the messages of POST /api/users’ schema, then the server’s on its field', async () => {
    const { calls } = stubApi({
      'POST /api/users': () => ({
        status: 400,
        body: {
          message: 'Check the fields',
          code: 'VALIDATION',
          details: { email: ['A user with this email already exists'] },
        },
      }),
    });
    renderPage(
      <InviteEngineerDialog
        contractorId="55555555-5555-4555-8555-555555555555"
        contractorName="Kernow Dish"
        open
        onOpenChange={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(userMessages.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(userMessages.lastNameRequired)).toBeTruthy();
    expect(screen.getByText(authMessages.invalidEmail)).toBeTruthy();
    expect(calls).toEqual([]);

    await userEvent.type(screen.getByLabelText('First name'), 'Jo');
    await userEvent.type(screen.getByLabelText('Last name'), 'Penrose');
    await userEvent.type(screen.getByLabelText('Email'), 'jo@kernow.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('A user with this email already exists')).toBeTruthy();
    expect(calls[0]!.body).toMatchObject({
      firstName: 'Jo',
      email: 'jo@kernow.example.com',
      phone: null,
      role: 'engineer',
    });
  });
});
