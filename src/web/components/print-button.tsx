import { Printer } from 'lucide-react';
import { Button } from './ui/button';

/** Prints the page with the print stylesheet (styles.css): the shell and buttons stay off paper. */
export function PrintButton({ label = 'Print' }: { label?: string }) {
  return (
    <Button type="button" variant="outline" onClick={() => window.print()}>
      <Printer aria-hidden="true" />
      {label}
    </Button>
  );
}
