import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { useShowDebugInfo } from '@web/lib/debug-info';

/** spec §2: the engineers' Debug checkbox ('Show debug info' in the mobile menu). */
export function DebugCheckbox({ id, label }: { id: string; label: string }) {
  const [show, setShow] = useShowDebugInfo();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={show} onCheckedChange={(value) => setShow(value === true)} />
      <Label htmlFor={id} className="cursor-pointer font-normal text-slate-700">
        {label}
      </Label>
    </div>
  );
}
