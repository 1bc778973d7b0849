import { useXeroContacts } from '@web/api/xero/contacts';
import { errorMessage } from '@web/lib/api-client';
import type { XeroContact } from '@shared/xero/xero.contracts';

const kindWords: Record<XeroContact['kind'], string> = {
  partner: 'Partner',
  contractor: 'Contractor',
  customer: 'Direct customer',
};

/** Who each partner, contractor and direct customer is in Xero: matched by name, or created. */
export function ContactsList() {
  const contacts = useXeroContacts();
  if (contacts.isPending) return <p className="text-sm text-slate-600">Loading contacts…</p>;
  if (contacts.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(contacts.error, 'Could not load the contacts')}
      </p>
    );
  return (
    <div className="grid gap-2 text-sm">
      <p className="text-slate-700">
        The first invoice or bill for a partner, contractor or direct customer uses the Xero contact
        with exactly its name, or creates one. To use another contact, rename it in Xero to match
        before the first document is sent.
      </p>
      {contacts.data.items.length === 0 ? (
        <p className="text-slate-600">No contacts used yet.</p>
      ) : (
        <ul className="grid gap-1">
          {contacts.data.items.map((contact) => (
            <li key={`${contact.kind}-${contact.localId}`}>
              <span className="font-medium">{contact.name}</span> ({kindWords[contact.kind]}):{' '}
              {contact.how === 'matched' ? 'matched an existing contact' : 'created in Xero'}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
