import { useCallback, useEffect, useState } from 'react';
import type { Refusal } from '../components/board-grid';
import { pickedNumber, type Picked } from './board-model';

/**
 * What the board and the calendar share about moving with the keyboard: the card picked, the
 * refusal shown where a card was dropped, the live announcement, and Escape to cancel (unless a
 * dialog is open, which Escape closes first).
 */
export function usePickAndPlace(dialogOpen: boolean) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((text: string) => setAnnouncement(text), []);

  const pick = useCallback(
    (next: Picked | null) => {
      setPicked(next);
      setRefusal(null);
      if (next) {
        announce(
          `Picked ${pickedNumber(next)}. Move to a slot and press its Place here button; Escape cancels.`,
        );
      } else announce('Picking cancelled.');
    },
    [announce],
  );

  useEffect(() => {
    if (!picked) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !dialogOpen) pick(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [picked, dialogOpen, pick]);

  return { picked, setPicked, refusal, setRefusal, announcement, announce, pick };
}
