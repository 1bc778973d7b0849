import { AtSign, Share2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  orderNoteLimits,
  orderNoteMessages,
  type Mentionable,
  type OrderNote,
} from '@shared/order-notes/order-notes.contracts';
import { useAddOrderNote } from '@web/api/order-notes/add-order-note';
import { useMentionables, useOrderNotes } from '@web/api/order-notes/list-order-notes';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format-date';

/**
 * Notes on an order (issue 25, decision 080): back office sees the whole internal thread and
 * may share a note with the order's contractor; the contractor sees the shared ones and writes
 * shared ones. `@` names someone from the list, who is notified.
 */
export function OrderNotesSection({
  orderId,
  side,
  hasContractor,
}: {
  orderId: string;
  side: 'back_office' | 'contractor';
  hasContractor: boolean;
}) {
  const notes = useOrderNotes(orderId);
  const card = useRef<HTMLDivElement>(null);
  const loaded = !!notes.data;
  // A notification links to `#notes`: once the thread is in, bring it into view.
  useEffect(() => {
    if (loaded && window.location.hash === '#notes') card.current?.scrollIntoView();
  }, [loaded]);
  return (
    <Card id="notes" ref={card} className="scroll-mt-20 print:hidden">
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Notes</h2>
        <p className="text-sm text-slate-600">
          {side === 'back_office'
            ? 'For the office; a note shared with the contractor is shown in its portal too. Never shown to the customer.'
            : 'Shared between you and the office. Never shown to the customer.'}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {notes.isError ? (
          <p className="text-sm text-red-700">
            {errorMessage(notes.error, 'The notes could not be loaded.')}
          </p>
        ) : notes.data && notes.data.notes.length === 0 ? (
          <p className="text-sm text-slate-600">No notes yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Notes on this order">
            {(notes.data?.notes ?? []).map((note) => (
              <NoteItem key={note.id} note={note} side={side} />
            ))}
          </ol>
        )}
        <NoteForm orderId={orderId} side={side} hasContractor={hasContractor} />
      </CardContent>
    </Card>
  );
}

function NoteItem({ note, side }: { note: OrderNote; side: 'back_office' | 'contractor' }) {
  return (
    <li className="rounded-md border border-slate-200 p-3" data-testid="order-note">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-medium text-slate-900">{note.author.name}</span>
        <span className="text-slate-600">
          {note.author.side === 'back_office' ? 'Back office' : 'Contractor'}
        </span>
        <time dateTime={note.createdAt} className="text-slate-600">
          {formatDateTime(note.createdAt)}
        </time>
        {side === 'back_office' && note.sharedWithContractor && (
          <Badge variant="secondary">
            <Share2 aria-hidden="true" />
            Shared with contractor
          </Badge>
        )}
      </div>
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{note.body}</p>
      {note.mentions.length > 0 && (
        <p className="mt-1 text-xs text-slate-600">
          Mentioned: {note.mentions.map((m) => m.name).join(', ')}
        </p>
      )}
    </li>
  );
}

function NoteForm({
  orderId,
  side,
  hasContractor,
}: {
  orderId: string;
  side: 'back_office' | 'contractor';
  hasContractor: boolean;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [shared, setShared] = useState(false);
  const [mentioned, setMentioned] = useState<Mentionable[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const people = useMentionables(orderId);
  const add = useAddOrderNote(orderId);
  const isShared = side === 'contractor' || shared;
  // A contractor's people read only shared notes: they are offered once the note is shared.
  const offered = (people.data?.people ?? []).filter(
    (person) =>
      (isShared || person.side === 'back_office') && !mentioned.some((m) => m.id === person.id),
  );

  const mention = (personId: string) => {
    const person = people.data?.people.find((p) => p.id === personId);
    if (!person) return;
    setMentioned((list) => [...list, person]);
    setBody((text) => `${text}${text && !/\s$/.test(text) ? ' ' : ''}@${person.name} `);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) {
      setProblem(orderNoteMessages.bodyRequired);
      return;
    }
    // Only those still named in the text are notified.
    const mentionUserIds = mentioned
      .filter((person) => text.includes(`@${person.name}`))
      .map((person) => person.id);
    setProblem(null);
    add.mutate(
      { body: text, sharedWithContractor: isShared, mentionUserIds },
      {
        onSuccess: () => {
          setBody('');
          setShared(false);
          setMentioned([]);
        },
        onError: (error) => setProblem(errorMessage(error, 'The note could not be added')),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} className="grid gap-2 border-t border-slate-200 pt-3" noValidate>
      <Label htmlFor={`${id}-body`}>Add a note</Label>
      <Textarea
        id={`${id}-body`}
        value={body}
        maxLength={orderNoteLimits.body}
        onChange={(event) => setBody(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-48 gap-1">
          <Label htmlFor={`${id}-mention`} className="flex items-center gap-1">
            <AtSign aria-hidden="true" className="size-3.5" />
            Mention someone
          </Label>
          <Select
            id={`${id}-mention`}
            value=""
            onChange={(event) => mention(event.target.value)}
            disabled={offered.length === 0}
          >
            <option value="">{offered.length === 0 ? 'No one to mention' : 'Choose…'}</option>
            {offered.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name} ({person.side === 'back_office' ? 'back office' : 'contractor'})
              </option>
            ))}
          </Select>
        </div>
        {side === 'back_office' && (
          <div className="flex items-center gap-2 pb-2">
            <Checkbox
              id={`${id}-shared`}
              checked={shared}
              disabled={!hasContractor}
              onCheckedChange={(value) => setShared(value === true)}
            />
            <Label htmlFor={`${id}-shared`}>
              Share with contractor{!hasContractor && ' (no contractor yet)'}
            </Label>
          </div>
        )}
        <Button type="submit" className="ml-auto" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add note'}
        </Button>
      </div>
    </form>
  );
}
